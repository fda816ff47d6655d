import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  OIDC_CLIENT_ID,
  OIDC_CLIENT_SECRET,
  startOidcProvider,
} from '../../apps/api/test/fixtures/oidc-provider';
import { seedPgliteDir } from '../../apps/api/test/helpers/db';
import { freePort, start, waitFor } from '../global-setup';
import { launch, newPage, VIEWPORTS } from './browser';

/**
 * Google sign-in in a real browser, under the site's security headers: the popup goes to the
 * provider (a real local OpenID provider standing in for Google) and back, tells the page that
 * opened it, and the page signs in. A Cross-Origin-Opener-Policy on the way back would cut the
 * popup from its opener, and the page would report a cancel.
 */
let browser: Browser;
let base: string;
let api: ReturnType<typeof start>;
let oidc: Awaited<ReturnType<typeof startOidcProvider>>;
let dataDir: string;

beforeAll(async () => {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  oidc = await startOidcProvider(`${base}/api/auth/callback/google`);
  dataDir = mkdtempSync(join(tmpdir(), 'e2e-google-'));
  symlinkSync(resolve(import.meta.dirname, '../../.cache/test-catalog/catalog'), join(dataDir, 'catalog'));
  // Its database as after a first start (the global setup made the snapshot): not what is tested here.
  await seedPgliteDir(join(dataDir, 'pglite'));
  api = start('apps/api/src/main.ts', {
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    // The suite's own build (global-setup.ts): apps/web/dist may not exist, or be a neighbour's.
    WEB_DIST: inject('webDist'),
    PUBLIC_URL: base,
    RECOMMENDER_PORT: String(await freePort()),
    GOOGLE_CLIENT_ID: OIDC_CLIENT_ID,
    GOOGLE_CLIENT_SECRET: OIDC_CLIENT_SECRET,
    GOOGLE_ISSUER: oidc.issuer,
  });
  await waitFor(`${base}/api/health`, api.child, api.log);
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
  api?.child.kill('SIGTERM');
  await oidc?.close();
  await new Promise((r) => setTimeout(r, 500));
  rmSync(dataDir, { recursive: true, force: true });
});

describe('Google sign-in popup', () => {
  it('a verified Google account signs in through the popup and lands on /', async () => {
    const { context, page, errors } = await newPage(browser, VIEWPORTS[0]);
    // This API started moments ago (its own data folder): on a busy machine its first page can take
    // longer than a navigation's default 30 s while it warms up; the popup, not that, is tested here.
    await page.goto(`${base}/login`, { timeout: 90_000 });
    const [popup] = await Promise.all([
      page.waitForEvent('popup'),
      page.getByRole('button', { name: 'Continue with Google' }).click(),
    ]);
    // The provider's development login page, then its consent page.
    await popup.locator('input[name="login"]').fill('named');
    await popup.locator('input[name="password"]').fill('any');
    await popup.locator('button[type="submit"]').click();
    // The consent page's button only once the login form is gone: a second click that lands on the
    // login page's own button (before it navigates) would submit the login twice and never consent.
    await popup.locator('input[name="login"]').waitFor({ state: 'detached' });
    // Listen for the popup's end before the consent click. After the click, Playwright waits for
    // the navigation it started to commit: the last page of that navigation is our callback page,
    // which closes the popup as soon as its script loads. Under load the popup could close before
    // the click returned, and a listener added after it would wait for a close that had happened
    // (CI: a time-out here). The click itself may then find its page gone: that is the end too.
    const closed = popup.waitForEvent('close', { timeout: 45_000 }).then(
      () => null,
      (error: unknown) => error,
    );
    await popup
      .locator('button[type="submit"]')
      .click()
      .catch((error: unknown) => {
        if (!popup.isClosed()) throw error;
      });
    // If the popup never closes, say where it stopped: the provider's page, an error page, or our
    // callback page.
    const error = await closed;
    if (error) {
      const where = popup.isClosed()
        ? 'closed'
        : `${popup.url()}: ${(
            await popup
              .locator('body')
              .innerText()
              .catch(() => '?')
          ).slice(0, 500)}`;
      throw new Error(`the popup did not close (${String(error)}); it stopped at ${where}`);
    }
    await page.waitForURL(`${base}/`);
    await expect.poll(() => page.getByText('Olivia Google').count()).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
