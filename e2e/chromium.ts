import { existsSync } from 'node:fs';

/**
 * Debian's Chromium (never a downloaded browser) and the flags it needs on this machine, shared by
 * the browser tests and the benchmarks.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * The browser the tests drive: Debian's `chromium-headless-shell` when it is installed (`.ci/run`
 * installs it), else the full Chromium. The same Blink and V8 without the full browser's UI layer,
 * which Playwright itself drives for headless tests by default; on this 2-core machine it costs
 * the browser suite less CPU (docs/testing.md). `CHROMIUM_PATH` still chooses one for both. The
 * benchmarks (Lighthouse, screenshots) keep the full Chromium: they measure what a visitor's
 * browser does.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
export const TEST_CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
