/**
 * Debian's Chromium (or CHROMIUM_PATH), headless, with the flags this network-less machine needs
 * (no sandbox, no GPU, no background updates or sync), as Playwright's `chromium.launch` options.
 * `extraArgs` are appended for a caller's own needs. Kept free of playwright-core so this package
 * gains no dependency: the shape matches Playwright's LaunchOptions.
 */
export function headlessChromiumOptions(extraArgs: readonly string[] = []): {
  executablePath: string;
  args: string[];
} {
  return {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-sync',
      ...extraArgs,
    ],
  };
}
