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
