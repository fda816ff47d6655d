/**
 * Screenshots of every screen at 390 and 1280 px, signed out and signed in, as JPEG (quality 60)
 * into artifacts/screenshots/visitor/ (ignored). Against a running site:
 *   BASE_URL=http://127.0.0.1:3000 DATA_DIR=./data npx tsx e2e/bench/visitor-screenshots.ts
 * DATA_DIR is the site's (its mail outbox verifies the screenshot account).
 */
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { signUpAndSignIn } from '../accounts';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../chromium';
import { accountApi, overflowOf, saveShot, settle, shootMenuAndSearch } from './screens';

const base = process.env.BASE_URL ?? 'http://127.0.0.1:3000';
const dataDir = process.env.DATA_DIR ?? './data';
const out = resolve(import.meta.dirname, '../../artifacts/screenshots/visitor');
mkdirSync(out, { recursive: true });

const WIDTHS = [
  { name: '390', width: 390, height: 844 },
  { name: '1280', width: 1280, height: 800 },
];

async function shot(page: Page, name: string) {
  await settle(page);
  const overflow = await overflowOf(page);
  if (overflow > 0) console.warn(`${name}: ${overflow}px wider than the viewport`);
  await saveShot(page, join(out, `${name}.jpg`), name);
}

/** Signs a new account up and in, gives it a small library; answers its playlist's id. */
async function signUp(context: BrowserContext, page: Page): Promise<number> {
  const email = `shots-${Date.now()}@example.com`;
  await signUpAndSignIn(page, { base, dataDir }, { name: 'Maya Reader', email });
  // A small library: likes, statuses, a playlist, visits.
  const { post } = await accountApi(context, page, base);
  for (const id of [238, 155, 680]) await post('/api/user/likes', { tmdb_id: id });
  for (const id of [238, 550]) await post('/api/user/watch-status', { tmdb_id: id, status: 'watched' });
  for (const id of [157336, 27205])
    await post('/api/user/watch-status', { tmdb_id: id, status: 'want_to_watch' });
  const pl = await post('/api/user/playlists', { name: 'Sunday classics' });
  const { playlist_id } = (await pl.json()) as { playlist_id: number };
  for (const id of [238, 240, 424]) await post(`/api/user/playlists/${playlist_id}/movies`, { tmdb_id: id });
  for (const id of [13, 603, 129]) await post('/api/user/recently-visited', { tmdb_id: id });
  return playlist_id;
}

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
try {
  for (const w of WIDTHS) {
    for (const state of ['out', 'in'] as const) {
      const context = await browser.newContext({ viewport: { width: w.width, height: w.height } });
      const page = await context.newPage();
      const p = (n: string) => `${w.name}-${state}-${n}`;
      const playlistId = state === 'in' ? await signUp(context, page) : 0;
      await page.goto(base);
      await shot(page, p('home'));
      // The menu (phones) and the search overlay with suggestions.
      await shootMenuAndSearch(page, w.width, shot, p);
      if (state === 'in' && w.width >= 1024) {
        await page.getByRole('button', { name: /Maya Reader/ }).click();
        await shot(page, p('user-menu'));
        await page.keyboard.press('Escape');
      }
      const pages: [string, string][] = [
        ['search-results', '/search/star'],
        ['genre', '/genre/16?sort=rating&from=1990&to=2005'],
        ['content-list', '/content/top_rated'],
        ['movie', '/movie/238'],
        ['cast', '/cast/3084/Marlon%20Brando'],
        ['liked', '/liked'],
        ['chatbot', '/chatbot'],
        ['not-found', '/no-such-page'],
      ];
      if (state === 'in')
        pages.push(
          ['watched', '/watched'],
          ['watchlist', '/watchlist'],
          ['recently-visited', '/recently-visited'],
          ['playlists', '/playlists'],
          ['account', '/account'],
        );
      else pages.push(['login', '/login'], ['register', '/register'], ['playlists', '/playlists']);
      for (const [name, path] of pages) {
        await page.goto(`${base}${path}`);
        await shot(page, p(name));
      }
      if (state === 'in') {
        await page.goto(`${base}/playlist/${playlistId}`);
        await shot(page, p('playlist'));
        // Someone else's playlist (an earlier screenshot account's): the private page.
        if (playlistId > 1) {
          await page.goto(`${base}/playlist/${playlistId - 1}`);
          await shot(page, p('playlist-private'));
        }
        // "Hide movies I've seen" on: the top rated list without the watched Godfather.
        const setHide = (on: boolean) =>
          page.evaluate(async (hide_watched) => {
            const { token } = (await (await fetch('/api/auth/token')).json()) as { token: string };
            await fetch('/api/user/settings', {
              method: 'PATCH',
              headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
              body: JSON.stringify({ hide_watched }),
            });
          }, on);
        await setHide(true);
        await page.goto(`${base}/content/top_rated`);
        await shot(page, p('content-list-hiding'));
        await setHide(false);
      } else {
        await page.goto(`${base}/login`);
        await page
          .getByRole('button', { name: /forgot password/i })
          .or(page.getByRole('link', { name: /forgot password/i }))
          .first()
          .click();
        await shot(page, p('reset'));
      }
      await context.close();
    }
  }
} finally {
  await browser.close();
}
