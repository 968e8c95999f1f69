/** What happened to a link opened with {@link openInNewTab}. */
export interface OpenedTab {
  url: string;
  /** False when the browser refused the new tab: show the link for the user to click. */
  opened: boolean;
}

/**
 * Opens a new tab at once, while the click still counts as the user's (browsers block tabs opened
 * after an await), then sends it to the link once `load` answers. The tab gets no `opener`. When
 * `load` fails the blank tab is closed and the error is passed on.
 */
export async function openInNewTab(load: () => Promise<string>): Promise<OpenedTab> {
  const tab = window.open('', '_blank');
  try {
    const url = await load();
    if (!tab || tab.closed) return { url, opened: false };
    tab.opener = null;
    tab.location.href = url;
    return { url, opened: true };
  } catch (error) {
    tab?.close();
    throw error;
  }
}
