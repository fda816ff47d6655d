import type { CatalogMovie } from '@app/catalog';
import { strToU8, zipSync } from 'fflate';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { fullCatalog } from '../../apps/api/test/helpers/catalog';
import { bigDiary } from '../../apps/api/test/helpers/import-fixtures';
import { signUpAndSignIn } from '../accounts';
import { expectAccessible, launch, newPage, VIEWPORTS } from './browser';

/**
 * Issue 16's "Done when", walked as one person: a Letterboxd export as Letterboxd writes it is
 * imported through the preview (an ambiguous film picked), the history, ratings and watchlist are
 * there, "hide what I've seen" clears home rows, genres, search and recommendations, a list is
 * shared with someone signed out (its preview tags too), the year is read on a phone, the
 * shortcuts work; then a malformed file and a 10,000-row import with its progress bar.
 */
const base = inject('baseUrl');
const dataDir = inject('dataDir');
const SHOTS = resolve(import.meta.dirname, '../../artifacts/screenshots/issue16');
const WORK = resolve(import.meta.dirname, '../screenshots');
const [desktop, phone] = VIEWPORTS;
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
  mkdirSync(SHOTS, { recursive: true });
  mkdirSync(WORK, { recursive: true });
});
afterAll(() => browser.close());

/** The screen at 1280 and at 390 px (JPEG, quality 60, as the docs keep them). */
async function shots(page: Page, name: string, fullPage = false) {
  const before = page.viewportSize()!;
  for (const v of [desktop, phone]) {
    await page.setViewportSize({ width: v.width, height: v.height });
    await page.evaluate(() => window.scrollTo(0, 0)); // a full-page shot of a scrolled page draws the bar mid-page
    await page.waitForTimeout(150); // a frame for the layout to settle at the new width
    // Nothing on the screen scrolls sideways, at either width.
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
      `${name} at ${v.width} px`,
    ).toBe(0);
    await page.screenshot({
      path: join(SHOTS, `${name}-${v.width}.jpg`),
      type: 'jpeg',
      quality: 60,
      fullPage,
    });
    // A lossless copy beside the test's files (not kept in git), to look at.
    await page.screenshot({ path: join(WORK, `issue16-${name}-${v.width}.png`), fullPage });
  }
  await page.setViewportSize(before);
}

const csvCell = (v: string | number) => {
  const s = String(v);
  return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};
const csv = (rows: (string | number)[][]) => rows.map((r) => r.map(csvCell).join(',')).join('\n') + '\n';
const yearOf = (m: CatalogMovie) => m.release_date!.slice(0, 4);
const uri = (i: number) => `https://boxd.it/${(40000 + i).toString(36)}`;

/** A day of this year (month 1–12, not after today), as Letterboxd writes dates. */
function thisYear(month: number, day: number): string {
  const now = new Date();
  const d = new Date(Date.UTC(now.getUTCFullYear(), month - 1, day));
  const latest = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - 1));
  return (d > latest ? latest : d).toISOString().slice(0, 10);
}

describe('issue 16, walked as a Letterboxd user (Done when)', () => {
  it('import → history, ratings, watchlist → hide what I have seen → share a list → the year → shortcuts; malformed and 10,000 rows', async () => {
    const catalog = await fullCatalog();
    const byTitle = new Map<string, CatalogMovie[]>();
    for (const m of catalog.byId.values()) byTitle.set(m.title, [...(byTitle.get(m.title) ?? []), m]);
    // Films a person would have: the popular ones with a title only they have, dated, with a runtime.
    const films = catalog.popular.filter(
      (m) => m.release_date && m.runtime && !/[\r\n]/.test(m.title) && byTitle.get(m.title)!.length === 1,
    );
    // The movie page's recommendations without hiding: two of them will be watched.
    const seed = films[0]!;
    const recsOf = async (id: number) =>
      (
        (await (await fetch(`${base}/api/recommend/movies?tmdb_id=${id}&top_n=12`)).json()) as {
          id: number;
        }[]
      ).map((m) => m.id);
    const seedRecs = await recsOf(seed.id);
    expect(seedRecs.length).toBeGreaterThan(4);
    const recWatched = seedRecs
      .map((id) => catalog.get(id)!)
      .filter((m) => films.includes(m))
      .slice(0, 2);
    expect(recWatched).toHaveLength(2);
    // A title two films share in one year: the preview asks which one was meant.
    const twins = [...byTitle.values()].find(
      (ms) =>
        ms.length === 2 &&
        ms[0]!.release_date &&
        yearOf(ms[0]!) === (ms[1]!.release_date ?? '').slice(0, 4) &&
        !/[\r\n,"]/.test(ms[0]!.title),
    )!;
    expect(twins).toBeDefined();
    const picked = [...twins].sort((a, b) => b.vote_count - a.vote_count)[1]!;

    const diaryFilms = films.slice(1, 25);
    const watchedOnly = [
      ...films.slice(25, 45),
      ...recWatched.filter((m) => !films.slice(0, 45).includes(m)),
    ];
    const watchlist = films.slice(60, 68).filter((m) => !recWatched.includes(m));
    const listFilms = [films[3]!, films[7]!, films[12]!, films[30]!];
    const stars = (i: number) => [5, 4.5, 4, 3.5, 3, 4, 2.5, 4.5, 5, 3.5][i % 10]!;

    // diary.csv: a viewing a month this year (two the same month), a rewatch, earlier years too.
    const diary: (string | number)[][] = [
      ['Date', 'Name', 'Year', 'Letterboxd URI', 'Rating', 'Rewatch', 'Tags', 'Watched Date'],
    ];
    diaryFilms.forEach((m, i) => {
      const month = (i % 11) + 1;
      const watched = i < 16 ? thisYear(month, 3 + (i % 20)) : `${2019 + (i % 5)}-0${(i % 9) + 1}-1${i % 9}`;
      diary.push([watched, m.title, yearOf(m), uri(i), stars(i), '', i % 4 === 0 ? 'cinema' : '', watched]);
    });
    const rewatched = diaryFilms[2]!;
    diary.push([thisYear(10, 1), rewatched.title, yearOf(rewatched), uri(99), 5, 'Yes', '', thisYear(10, 1)]);
    diary.push([thisYear(6, 14), twins[0]!.title, yearOf(twins[0]!), uri(98), 4, '', '', thisYear(6, 14)]);
    // An entry Letterboxd has but this catalog does not (a short film): shown as not found.
    diary.push([thisYear(2, 2), 'Wanda’s Backyard Tapes', '2023', uri(97), 3, '', '', thisYear(2, 2)]);

    const review = [
      ['Date', 'Name', 'Year', 'Letterboxd URI', 'Rating', 'Rewatch', 'Review', 'Tags', 'Watched Date'],
      [
        thisYear(1, 3),
        diaryFilms[0]!.title,
        yearOf(diaryFilms[0]!),
        uri(0),
        5,
        '',
        'Saw it twice in a week.\nStill thinking about it.',
        '',
        thisYear(1, 3),
      ],
    ];
    const ratings = [['Date', 'Name', 'Year', 'Letterboxd URI', 'Rating']].concat(
      [...diaryFilms, ...watchedOnly.slice(0, 12)].map((m, i) => [
        '2024-05-01',
        m.title,
        yearOf(m),
        uri(i),
        String(stars(i)),
      ]),
    );
    const plain = (ms: CatalogMovie[]) =>
      csv([
        ['Date', 'Name', 'Year', 'Letterboxd URI'],
        ...ms.map((m, i) => ['2023-01-0' + ((i % 9) + 1), m.title, yearOf(m), uri(i)]),
      ]);
    const list = (name: string, ms: CatalogMovie[]) =>
      `Letterboxd list export v7\n${csv([
        ['Date', 'Name', 'Tags', 'URL', 'Description'],
        ['2024-02-01', name, '', 'https://letterboxd.com/someone/list/x/', 'For a friend.'],
      ])}\n${csv([['Position', 'Name', 'Year', 'URL', 'Description'], ...ms.map((m, i) => [i + 1, m.title, yearOf(m), uri(i), ''])])}`;
    const listName = 'Films for Sam';
    const zip = zipSync({
      'profile.csv': strToU8(
        csv([
          ['Date Joined', 'Username', 'Given Name', 'Family Name', 'Email Address'],
          ['2019-01-01', 'someone', 'Sam', 'Doe', 'sam@example.com'],
        ]),
      ),
      'diary.csv': strToU8(csv(diary)),
      'reviews.csv': strToU8(csv(review)),
      'ratings.csv': strToU8(csv(ratings)),
      'watched.csv': strToU8(plain([...diaryFilms, ...watchedOnly, twins[0]!])),
      'watchlist.csv': strToU8(plain(watchlist)),
      'likes/films.csv': strToU8(plain(diaryFilms.slice(0, 6))),
      'lists/films-for-sam.csv': strToU8(list(listName, listFilms)),
      'comments.csv': strToU8('Date,Content,Comment\n'),
      'deleted/diary.csv': strToU8(csv(diary.slice(0, 2))),
    });
    const zipPath = join(WORK, 'letterboxd-export-walk.zip');
    writeFileSync(zipPath, zip);

    const { context, page, errors } = await newPage(browser, desktop);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base });
    const email = `walk-${Date.now()}@example.com`;
    await signUpAndSignIn(page, { base, dataDir }, { name: 'Sam Walker', email });

    // ── Import through the preview ──
    await page.getByRole('button', { name: /Sam Walker/ }).click();
    await page.getByRole('link', { name: 'Account' }).click();
    await page.getByRole('link', { name: 'Import or export your library' }).click();
    await page.waitForURL(`${base}/account/import`);
    await page.locator('input[type=file]').setInputFiles(zipPath);
    const preview = page.getByTestId('import-preview');
    await preview.waitFor({ timeout: 60_000 });
    const stat = (label: string) => preview.getByText(label, { exact: true }).locator('..').textContent();
    expect(await stat('Pick one')).toContain('1');
    expect(await stat('Not found')).toContain('1');
    expect(await preview.getByText('Which film did you mean?').count()).toBe(1);
    await preview.getByText('Not found in the catalog (1)').click();
    expect(await preview.getByText('Wanda’s Backyard Tapes').count()).toBe(1);
    await expectAccessible(page, 'import preview');
    await shots(page, 'import-preview', true);
    // Its two candidates share a title and year: their names tell them apart by what they are about.
    const escape = (t: string) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const pickName = new RegExp(
      `^${escape(picked.title)} \\(${yearOf(picked)}\\): ${escape(picked.overview.slice(0, 30))}`,
    );
    await preview.getByRole('radio', { name: pickName }).check({ force: true });
    await expect.poll(() => preview.getByText('(1 of 1 picked').count()).toBe(1);
    await preview.getByRole('button', { name: 'Import', exact: true }).click();
    const progress = page.getByTestId('import-progress');
    await progress.waitFor();
    await expect
      .poll(() => progress.getByRole('status').textContent(), { timeout: 60_000 })
      .toContain('Added to your library');
    const result = (await progress.getByRole('status').textContent())!;
    expect(result).toContain(`${diary.length - 1 - 1} diary entries`); // all but the one not found
    expect(result).toContain(`${watchlist.length} films on the watchlist`);
    expect(result).toContain('6 likes');
    expect(result).toContain('1 playlist from a list');
    await shots(page, 'import-result');

    // ── History, ratings, watchlist ──
    await progress.getByRole('link', { name: 'Diary' }).click();
    await page.waitForURL(`${base}/diary`);
    const month = (m: number) =>
      new Date(Date.UTC(new Date().getUTCFullYear(), m - 1, 15)).toLocaleDateString('en-US', {
        month: 'long',
        year: 'numeric',
        timeZone: 'UTC',
      });
    await page.getByRole('heading', { name: month(10) }).waitFor();
    expect(await page.getByRole('link', { name: `${picked.title} (${yearOf(picked)})` }).count()).toBe(1);
    expect(await page.getByText('Rewatch', { exact: true }).count()).toBeGreaterThan(0);
    await expectAccessible(page, '/diary after the import');
    await shots(page, 'diary');
    await page.getByRole('link', { name: 'Your ratings' }).click();
    await page.waitForURL(`${base}/ratings`);
    // Every rated film: the ratings file's, the diary's and the picked twin (rated in the diary).
    const rated = new Set([...diaryFilms, ...watchedOnly.slice(0, 12)].map((m) => m.id)).size + 1;
    await expect.poll(() => page.locator('h1 + p').textContent()).toContain(`${rated} films rated`);
    expect(await page.getByText('Saw it twice in a week.', { exact: false }).count()).toBe(1);
    // Rated on the day the export says (ratings.csv's Date), not the day of the import.
    expect(await page.getByText('Rated May 1, 2024').count()).toBeGreaterThan(0);
    await expectAccessible(page, '/ratings');
    await shots(page, 'ratings');
    await page.goto(`${base}/watchlist`);
    await expect
      .poll(() => page.getByText(`You have ${watchlist.length} movie(s) in your watchlist`).count())
      .toBe(1);
    await page.goto(`${base}/movie/${diaryFilms[0]!.id}`);
    await expect
      .poll(() => page.getByRole('slider', { name: 'Your rating' }).getAttribute('aria-valuetext'))
      .toBe('5 out of 5 stars');
    await expect.poll(() => page.getByTestId('last-watched').textContent()).toMatch(/^Last watched /);

    // ── Hide what I've seen ──
    await page.goto(base);
    const popularRow = page.locator('section:has(h2:text("Popular Movies"))');
    await popularRow.locator('a[href^="/movie/"]').first().waitFor();
    const seenOnHome = films.slice(1, 45).map((m) => m.id);
    const shownSeen = async () => {
      const hrefs = await popularRow
        .locator('a[href^="/movie/"]')
        .evaluateAll((as) => as.map((a) => a.getAttribute('href')));
      return hrefs.filter((h) => seenOnHome.includes(Number(h!.split('/').pop()))).length;
    };
    expect(await shownSeen()).toBeGreaterThan(0);
    await page.getByRole('button', { name: /Sam Walker/ }).click();
    const toggle = page.getByRole('switch', { name: "Hide movies I've seen" });
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('true');
    await page.screenshot({ path: join(SHOTS, 'hide-switch-1280.jpg'), type: 'jpeg', quality: 60 });
    await page.screenshot({ path: join(WORK, 'issue16-hide-switch-1280.png') });
    await page.keyboard.press('Escape');
    // On a phone the switch is in the menu, and says it is on.
    await page.setViewportSize({ width: phone.width, height: phone.height });
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('true');
    await page.screenshot({ path: join(SHOTS, 'hide-switch-390.jpg'), type: 'jpeg', quality: 60 });
    await page.screenshot({ path: join(WORK, 'issue16-hide-switch-390.png') });
    await page.keyboard.press('Escape');
    await page.setViewportSize({ width: desktop.width, height: desktop.height });
    await expect.poll(shownSeen).toBe(0);
    const genre = films[1]!.genre_ids[0]!;
    await page.goto(`${base}/genre/${genre}`);
    await expect.poll(() => page.locator('h1 + p').innerText()).toMatch(/Found [\d,]+ movies.* · \d+ hidden/);
    await page.goto(`${base}/search/${encodeURIComponent(diaryFilms[0]!.title)}`);
    await expect.poll(() => page.locator('h1 + p').innerText()).toMatch(/ · \d+ hidden/);
    expect(await page.locator(`main a[href="/movie/${diaryFilms[0]!.id}"]`).count()).toBe(0);
    const recs = page.locator('section[aria-labelledby="recs"]');
    // The recommendation service answers within 2 s or the section says it has none: on a loaded
    // machine (a retraining after the import) the page is opened again until it answers.
    for (let attempt = 0; ; attempt++) {
      await page.goto(`${base}/movie/${seed.id}`);
      const first = recs.locator('a[href^="/movie/"]').first();
      const none = recs.getByText('No recommendations found.');
      await first.or(none).waitFor({ timeout: 30_000 });
      if (await first.isVisible()) break;
      expect(attempt).toBeLessThan(5);
      await page.waitForTimeout(3000);
    }
    const recIds = await recs
      .locator('a[href^="/movie/"]')
      .evaluateAll((as) => as.map((a) => Number(a.getAttribute('href')!.split('/').pop())));
    for (const m of recWatched) expect(recIds).not.toContain(m.id);
    expect(new Set(recIds).size).toBeGreaterThanOrEqual(Math.min(12, seedRecs.length) - 2);

    // ── Share a list with someone who has no account ──
    await page.goto(`${base}/playlists`);
    await page.getByRole('button', { name: `Options for ${listName}` }).click();
    await page.getByRole('link', { name: 'View All' }).click();
    await page.waitForURL(/\/playlist\/\d+$/);
    const share = page.getByRole('switch', { name: 'Public link' });
    await share.click();
    await expect.poll(() => share.getAttribute('aria-checked')).toBe('true');
    const link = await page.getByRole('textbox', { name: 'Public link' }).inputValue();
    await page.getByRole('button', { name: 'Copy link' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    const friend = await newPage(browser, phone);
    await friend.page.goto(link);
    await friend.page.getByRole('heading', { name: listName }).waitFor();
    await expect
      .poll(() => friend.page.getByText(`${listFilms.length} films · a list by Sam Walker`).count())
      .toBe(1);
    for (const m of listFilms)
      expect(await friend.page.locator(`a[href="/movie/${m.id}"]`).count()).toBeGreaterThan(0);
    await expectAccessible(friend.page, 'shared list, signed out');
    await shots(friend.page, 'shared-playlist', true);
    const html = await (await fetch(link)).text();
    expect(html).toContain(`<meta property="og:title" content="${listName} · Cinelog"`);
    expect(html).toContain(
      `content="${listFilms.length} films · a list by Sam Walker: ${listFilms
        .slice(0, 3)
        .map((m) => m.title)
        .join(', ')}`,
    );
    expect(html).toMatch(/<meta property="og:image" content="http[^"]+"/);
    expect(html).toMatch(/<meta name="twitter:card" content="summary_large_image"/);
    await friend.context.close();

    // ── The year, on a phone ──
    await page.setViewportSize({ width: phone.width, height: phone.height });
    await page.goto(`${base}/stats`);
    const chart = page.getByRole('img', { name: /Viewings per month/ });
    await expect.poll(() => chart.getAttribute('aria-label')).toMatch(/October 2(,|$)/); // the rewatch and a first viewing
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
    await expectAccessible(page, '/stats on a phone');
    await shots(page, 'stats', true);
    await page.setViewportSize({ width: desktop.width, height: desktop.height });

    // ── Shortcuts ──
    const other = films[50]!;
    // The shortcuts act on what the page knows: wait for the library's state first.
    const statuses = page.waitForResponse((r) => r.url().endsWith('/api/user/watch-status') && r.ok());
    await page.goto(`${base}/movie/${other.id}`);
    await statuses;
    await page.getByRole('button', { name: 'Mark as Watched' }).waitFor();
    await page.locator('h1').click();
    await page.keyboard.press('w');
    await page.getByRole('button', { name: 'Remove from watched' }).waitFor();
    await page.keyboard.press('l');
    await expect
      .poll(() => page.getByRole('button', { name: 'Liked', exact: true }).getAttribute('aria-pressed'))
      .toBe('true');
    await page.keyboard.press('Shift+Slash');
    const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await help.waitFor();
    await shots(page, 'shortcuts-help');
    await page.keyboard.press('Escape');
    await expect.poll(() => help.count()).toBe(0);
    await page.keyboard.press('g');
    await page.keyboard.press('w');
    await page.waitForURL(`${base}/watchlist`);
    await page.keyboard.press('g');
    await page.keyboard.press('l');
    await page.waitForURL(`${base}/liked`);
    await page.keyboard.press('/');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('placeholder')))
      .toBe('Search movies...');
    await page.keyboard.press('Escape');

    // ── A malformed file: a clear sentence, nothing written ──
    const bad = join(WORK, 'ratings.csv');
    writeFileSync(bad, 'id,movie,score\n1,Heat,9\n');
    await page.goto(`${base}/account/import`);
    await page.locator('input[type=file]').setInputFiles(bad);
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toBe(
        'ratings.csv does not look like a Letterboxd, IMDb or Trakt export (its columns are: id, movie, score)',
      );
    const brokenZip = join(WORK, 'letterboxd-broken.zip');
    writeFileSync(brokenZip, zip.subarray(0, Math.floor(zip.length / 2)));
    await page.locator('input[type=file]').setInputFiles(brokenZip);
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toBe('letterboxd-broken.zip is not a readable zip file');
    await shots(page, 'import-malformed');
    // Nothing was written: the diary holds what the first import gave it.
    await page.goto(`${base}/diary`);
    await expect.poll(() => page.locator('h1 + p').textContent()).toContain(`${diary.length - 2} viewings`);
    await page.goto(`${base}/account/import`);

    // ── 10,000 rows, with the progress bar ──
    const big = films
      .filter((m) => !/[",]/.test(m.title))
      .slice(100, 2600)
      .map((m) => ({ title: m.title, year: yearOf(m) }));
    const bigPath = join(WORK, 'diary.csv');
    writeFileSync(bigPath, bigDiary(big, 10_000));
    await page.locator('input[type=file]').setInputFiles(bigPath);
    await preview.waitFor({ timeout: 120_000 });
    expect(await preview.getByText(/^Letterboxd export · 10,000 rows in 1 file · 2,500 films$/).count()).toBe(
      1,
    );
    // (A few titles share a normalised title and year with another film: those ask, and are left out here.)
    const willDiary = (await preview.getByText(/^[\d,]+ diary entries$/).textContent())!;
    expect(Number(willDiary.split(' ')[0]!.replace(/,/g, ''))).toBeGreaterThan(9_900);
    await preview.getByRole('button', { name: 'Import', exact: true }).click();
    await progress.waitFor();
    const bar = page.getByRole('progressbar', { name: 'Import progress' });
    const seen = new Set<number>();
    let shot = false;
    for (let i = 0; i < 2400; i++) {
      const now = Number(await bar.getAttribute('aria-valuenow'));
      seen.add(now);
      if (!shot && now > 0 && now < 100) {
        shot = true;
        await shots(page, 'import-progress');
      }
      if (now === 100) break;
      await page.waitForTimeout(50);
    }
    expect(seen.has(100)).toBe(true);
    await expect
      .poll(() => progress.getByRole('status').textContent(), { timeout: 60_000 })
      .toContain('Added to your library');
    expect(await progress.getByRole('status').textContent()).toContain(willDiary);
    if (!shot) await shots(page, 'import-progress');
    expect(errors).toEqual([]);
    await context.close();
  }, 600_000);
});
