import { type Browser, chromium } from 'playwright-core';

/** Debian's Chromium; no browser is ever downloaded (DEVELOPERS.md). Shared by the journeys and bench:web. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** This machine's network is closed: without these, Chromium keeps trying to reach Google's hosts. */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/**
 * Chromium features every browser the journeys and bench:web start runs without (decision record 049).
 * Desktop Chromium 156 builds its address bar's two drop-downs as web pages of their own (WebUI renderers) for
 * every new window, headless too; they run for about 3 s, a whole core of this 2-core machine, just as the
 * page under test loads. A phone's browser has no such pages.
 */
export const DISABLED_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

const DISABLE = '--disable-features=';

/**
 * `args` with DISABLED_FEATURES merged into their `--disable-features` switch. Chromium reads only the last
 * `--disable-features` it is given, so a launcher's own list is merged into, never followed by a second one.
 */
export function withDisabledFeatures(args: readonly string[]): string[] {
  const own = args
    .filter((arg) => arg.startsWith(DISABLE))
    .flatMap((arg) => arg.slice(DISABLE.length).split(','));
  const features = [...new Set([...own, ...DISABLED_FEATURES])].filter(Boolean);
  return [...args.filter((arg) => !arg.startsWith(DISABLE)), `${DISABLE}${features.join(',')}`];
}

/**
 * Where a process that has asked a browser for Playwright's switches leaves them for the processes it starts
 * (the journeys' global setup for their workers), so each test file does not start a browser to ask again.
 */
export const PLAYWRIGHT_SWITCHES_ENV = 'TABLO_PLAYWRIGHT_DISABLE_SWITCHES';

let playwrightSwitches: Promise<string[]> | undefined;

/** The `--disable-features` switches Playwright passes of its own: it does not publish them, so a browser tells. */
export function playwrightDisableSwitches(): Promise<string[]> {
  const handed = process.env[PLAYWRIGHT_SWITCHES_ENV];
  if (handed) playwrightSwitches ??= Promise.resolve(JSON.parse(handed) as string[]);
  playwrightSwitches ??= chromium
    .launchServer({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_FLAGS })
    .then(async (server) => {
      const args = server.process().spawnargs;
      await server.close();
      return args.filter((arg) => arg.startsWith(DISABLE));
    });
  return playwrightSwitches;
}

/** What launchChromium gives Playwright: its own switches to leave out, and the switches to pass instead. */
export async function chromiumLaunchArgs(): Promise<{ ignoreDefaultArgs: string[]; args: string[] }> {
  const own = await playwrightDisableSwitches();
  return { ignoreDefaultArgs: own, args: withDisabledFeatures([...own, ...CHROMIUM_FLAGS]) };
}

/** Debian's Chromium through Playwright, headless, with this machine's flags and DISABLED_FEATURES. */
export async function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, ...(await chromiumLaunchArgs()) });
}
