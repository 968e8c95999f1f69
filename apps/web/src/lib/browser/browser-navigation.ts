/** Reloads the page (spec §4 after onboarding); a function so tests can replace it. */
export const browserNavigation = {
  reload(): void {
    window.location.reload();
  },
};
