import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { fullCatalog } from '../../apps/api/test/helpers/catalog';
import { bigDiary, letterboxdZip } from '../../apps/api/test/helpers/import-fixtures';
import { verificationLink } from '../accounts';
import { expectAccessible, launch, newPage, VIEWPORTS } from './browser';

const base = inject('baseUrl');
const dataDir = inject('dataDir');
/** The screenshots: JPEG quality 60, into the ignored artifacts/ folder (not committed). */
const SHOTS = resolve(import.meta.dirname, '../../artifacts/screenshots/import');
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
  mkdirSync(SHOTS, { recursive: true });
});
afterAll(() => browser.close());

async function shot(page: Page, name: string, fullPage = false) {
  await page.screenshot({ path: join(SHOTS, `${name}.jpg`), type: 'jpeg', quality: 60, fullPage });
}

const verifyLink = (email: string) => verificationLink({ base, dataDir }, email);

async function registerAndSignIn(page: Page, name: string, email: string, password: string) {
  await page.goto(`${base}/register`);
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await page.waitForURL('**/login');
  await expect.poll(() => readdirSync(join(dataDir, 'outbox')).some((f) => f.includes(email))).toBe(true);
  await page.goto(verifyLink(email));
  await page.waitForURL(/\/login\?verified=1$/);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL(`${base}/`);
}

describe('import a Letterboxd export, share a playlist', () => {
  const email = `import-${Date.now()}@example.com`;
  const [desktop, phone] = VIEWPORTS;

  it('upload the zip → preview → pick the ambiguous film → import → progress and result; then share a list', async () => {
    const { context, page, errors } = await newPage(browser, desktop);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base });
    await registerAndSignIn(page, 'Ida Importer', email, 'secret123');

    await page.goto(`${base}/account`);
    await page.getByRole('link', { name: 'Import or export your library' }).click();
    await page.waitForURL(`${base}/account/import`);
    const zipPath = resolve(import.meta.dirname, '../screenshots/letterboxd-e2e.zip');
    mkdirSync(resolve(zipPath, '..'), { recursive: true });
    writeFileSync(zipPath, letterboxdZip());
    await page.locator('input[type=file]').setInputFiles(zipPath);

    const preview = page.getByTestId('import-preview');
    await preview.waitFor();
    await expect
      .poll(() => preview.getByText('Matched', { exact: true }).locator('..').textContent())
      .toContain('10');
    await expect.poll(() => preview.getByText('Which film did you mean?').count()).toBe(1);
    await expect.poll(() => preview.getByRole('radio').count()).toBe(3); // two Hamlets (2000) and "None of these"
    await expectAccessible(page, 'import preview');
    await shot(page, 'preview-1280', true);
    await page.setViewportSize({ width: phone.width, height: phone.height });
    await shot(page, 'preview-390', true);
    await page.setViewportSize({ width: desktop.width, height: desktop.height });

    // Pick the second Hamlet (2000): its card is the second radio's label.
    await preview.getByRole('radio').nth(1).check({ force: true });
    await expect.poll(() => preview.getByText('(1 of 1 picked').count()).toBe(1);
    await preview.getByRole('button', { name: 'Import', exact: true }).click();
    const progress = page.getByTestId('import-progress');
    await progress.waitFor();
    await expect
      .poll(() => progress.getByRole('status').textContent(), { timeout: 30_000 })
      .toContain('Added to your library');
    const result = (await progress.getByRole('status').textContent())!;
    expect(result).toContain('7 films marked watched');
    expect(result).toContain('6 diary entries');
    expect(result).toContain('7 ratings');
    expect(result).toContain('1 playlist from a list');
    expect(await page.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
    await shot(page, 'result-1280');

    // The library shows it: the watchlist holds the export's three films.
    await page.goto(`${base}/watchlist`);
    await expect.poll(() => page.getByText('You have 3 movie(s) in your watchlist').count()).toBe(1);

    // A large file: the progress bar moves while the job runs.
    const catalog = await fullCatalog();
    const titles = new Map<string, number>();
    for (const m of catalog.byId.values()) titles.set(m.title, (titles.get(m.title) ?? 0) + 1);
    const films = catalog.popular
      .filter((m) => m.release_date && !/[\r\n]/.test(m.title) && titles.get(m.title) === 1)
      .slice(0, 2000)
      .map((m) => ({ title: m.title, year: m.release_date!.slice(0, 4) }));
    const bigPath = join(resolve(zipPath, '..'), 'diary.csv');
    writeFileSync(bigPath, bigDiary(films, 10_000));
    await page.goto(`${base}/account/import`);
    await page.locator('input[type=file]').setInputFiles(bigPath);
    await preview.waitFor({ timeout: 60_000 });
    await preview.getByRole('button', { name: 'Import', exact: true }).click();
    await progress.waitFor();
    const bar = page.getByRole('progressbar');
    await shot(page, 'progress-1280');
    await page.setViewportSize({ width: phone.width, height: phone.height });
    await shot(page, 'progress-390');
    await page.setViewportSize({ width: desktop.width, height: desktop.height });
    await expect.poll(() => bar.getAttribute('aria-valuenow'), { timeout: 120_000 }).toBe('100');
    await expect.poll(() => progress.getByRole('status').textContent()).toContain('Added to your library');
    await page.setViewportSize({ width: phone.width, height: phone.height });
    await shot(page, 'result-390');
    await page.setViewportSize({ width: desktop.width, height: desktop.height });

    // Share the imported list.
    await page.goto(`${base}/playlists`);
    await page.getByRole('button', { name: 'Options for Heists, Capers & Long Nights' }).click();
    await page.getByRole('link', { name: 'View All' }).click();
    await page.waitForURL(/\/playlist\/\d+$/);
    const sw = page.getByRole('switch', { name: 'Public link' });
    await expect.poll(() => sw.getAttribute('aria-checked')).toBe('false');
    await sw.click();
    await expect.poll(() => sw.getAttribute('aria-checked')).toBe('true');
    const link = await page.getByRole('textbox', { name: 'Public link' }).inputValue();
    expect(link).toMatch(new RegExp(`^${base}/p/[A-Za-z0-9_-]{22}$`));
    await page.getByRole('button', { name: 'Copy link' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Copied!' }).count()).toBe(1);
    await shot(page, 'share-1280');
    await page.setViewportSize({ width: phone.width, height: phone.height });
    await shot(page, 'share-390');
    await page.setViewportSize({ width: desktop.width, height: desktop.height });
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);

    // Signed out, in another browser: the list, read-only, with its sharing tags in the HTML.
    const anon = await newPage(browser, phone);
    await anon.page.goto(link);
    await anon.page.getByRole('heading', { name: 'Heists, Capers & Long Nights' }).waitFor();
    await expect.poll(() => anon.page.getByText('3 films · a list by Ida Importer').count()).toBe(1);
    await expect.poll(() => anon.page.getByRole('listitem').count()).toBeGreaterThanOrEqual(3);
    expect(await anon.page.getByRole('button', { name: /Remove/ }).count()).toBe(0);
    await expectAccessible(anon.page, 'public playlist');
    await shot(anon.page, 'public-playlist-390');
    await anon.page.setViewportSize({ width: desktop.width, height: desktop.height });
    await shot(anon.page, 'public-playlist-1280');
    const html = await (await fetch(link)).text();
    expect(html).toContain('<meta property="og:title" content="Heists, Capers &amp; Long Nights · Cinelog"');
    expect(html).toMatch(
      /<meta property="og:description" content="3 films · a list by Ida Importer: Heat, The Dark Knight, Inception"/,
    );
    expect(html).toMatch(/<meta property="og:image" content="[^"]+"/);

    // Private again: the link is a 404 page; public again gives a new link.
    await sw.click();
    await expect.poll(() => sw.getAttribute('aria-checked')).toBe('false');
    await anon.page.reload();
    await expect.poll(() => anon.page.getByText('This list is private or no longer exists').count()).toBe(1);
    expect((await fetch(`${base}/api/public/playlists/${link.split('/p/')[1]}`)).status).toBe(404);
    await sw.click();
    await expect.poll(() => sw.getAttribute('aria-checked')).toBe('true');
    expect(await page.getByRole('textbox', { name: 'Public link' }).inputValue()).not.toBe(link);
    await anon.context.close();
    expect(errors).toEqual([]);
    expect(anon.errors).toEqual([]);
    await context.close();
  }, 300_000);
});
