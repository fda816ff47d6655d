/**
 * The walk (issue 17): every screen at 390 and 1280 px, signed out and signed in, as JPEG (quality
 * 60) into artifacts/screenshots/walk/{screen}-{width}-{in|out}.jpeg (ignored), the viewport only. Against a
 * running site (the production build):
 *   BASE_URL=http://127.0.0.1:3000 DATA_DIR=./data npx tsx e2e/bench/walk-screenshots.ts
 * DATA_DIR is the site's (its mail outbox verifies the walk's account). PNG_DIR=/some/dir also
 * writes PNG copies to look at. For every shot it prints what is wrong that a script can see: a page
 * wider than the screen, and what the chat button covers.
 */
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { signUpAndSignIn } from '../accounts';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../chromium';
import { chatButtonCovers } from '../tests/covers';
import { accountApi, BUSY, overflowOf, saveShot, settle, shootMenuAndSearch } from './screens';

const base = process.env.BASE_URL ?? 'http://127.0.0.1:3000';
const dataDir = process.env.DATA_DIR ?? './data';
const out = resolve(import.meta.dirname, '../../artifacts/screenshots/walk');
mkdirSync(out, { recursive: true });
const only = process.env.ONLY ? new RegExp(process.env.ONLY) : null;

const WIDTHS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];

const problems: string[] = [];

async function shot(page: Page, name: string) {
  if (only && !only.test(name)) return;
  // Skeletons gone (or the page has none), the loading statuses too, and images decided.
  await settle(page, { busy: `${BUSY}, [role="status"][aria-label^="Loading"]`, pause: 500 });
  const overflow = await overflowOf(page);
  if (overflow > 0) problems.push(`${name}: ${overflow}px wider than the viewport`);
  const covered = await chatButtonCovers(page);
  if (covered.length) problems.push(`${name}: the chat button covers ${covered.join(', ')}`);
  await saveShot(page, join(out, `${name}.jpeg`), name);
}

interface Library {
  playlistId: number;
  slug: string;
}

/** Signs a new account up and in and gives it a library: likes, statuses, ratings, a diary, playlists. */
async function signUp(context: BrowserContext, page: Page): Promise<Library> {
  const email = `walk-${Date.now()}@example.com`;
  await signUpAndSignIn(page, { base, dataDir }, { name: 'Maya Reader', email });
  const { post, put } = await accountApi(context, page, base);
  for (const id of [238, 155, 680, 157336]) await post('/api/user/likes', { tmdb_id: id });
  for (const id of [238, 550]) await post('/api/user/watch-status', { tmdb_id: id, status: 'watched' });
  for (const id of [157336, 27205])
    await post('/api/user/watch-status', { tmdb_id: id, status: 'want_to_watch' });
  const year = new Date().getFullYear();
  const ratings: [number, number, string][] = [
    [238, 5, `${year}-01-14`],
    [155, 4.5, `${year}-02-03`],
    [680, 4, `${year}-02-20`],
    [550, 3.5, `${year}-04-11`],
    [13, 4, `${year}-06-02`],
    [603, 4.5, `${year}-09-30`],
  ];
  for (const [id, rating, watched_on] of ratings) {
    await put(`/api/user/ratings/${id}`, { rating });
    await post('/api/user/diary', { tmdb_id: id, watched_on });
  }
  const pl = await post('/api/user/playlists', { name: 'Sunday classics' });
  const { playlist_id } = (await pl.json()) as { playlist_id: number };
  for (const id of [238, 240, 424, 389, 129])
    await post(`/api/user/playlists/${playlist_id}/movies`, { tmdb_id: id });
  await post('/api/user/playlists', { name: 'To watch with Sam' });
  const share = (await (await post(`/api/user/playlists/${playlist_id}/share`, {})).json()) as {
    public_slug: string;
  };
  for (const id of [13, 603, 129]) await post('/api/user/recently-visited', { tmdb_id: id });
  return { playlistId: playlist_id, slug: share.public_slug };
}

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
try {
  let library: Library | null = null;
  for (const w of WIDTHS) {
    for (const state of ['in', 'out'] as const) {
      const context = await browser.newContext({ viewport: { width: w.width, height: w.height } });
      // tsx names the functions it compiles with a helper the page does not have.
      await context.addInitScript({ content: 'window.__name = (f) => f' });
      const page = await context.newPage();
      page.on('pageerror', (e) => problems.push(`${w.width}-${state}: page error ${e.message}`));
      const p = (n: string) => `${n}-${w.width}-${state}`;
      if (state === 'in') library = await signUp(context, page);
      const { playlistId, slug } = library!;
      await page.goto(base);
      await shot(page, p('home'));
      // The menu (phones) and the search overlay with suggestions.
      await shootMenuAndSearch(page, w.width, shot, p);
      if (w.width >= 1024) {
        if (state === 'in') {
          await page.getByRole('button', { name: /Maya Reader/ }).click();
          await shot(page, p('user-menu'));
          await page.keyboard.press('Escape');
        }
        await page.getByRole('button', { name: /Categories/ }).click();
        await page
          .getByRole('menu')
          .or(page.getByRole('link', { name: 'Action' }))
          .first()
          .waitFor();
        await shot(page, p('categories'));
        await page.keyboard.press('Escape');
      }
      // The chat widget, opened on the home page, with one exchange.
      await page.getByRole('button', { name: 'Open movie chatbot' }).click();
      const chat = page.getByRole('dialog', { name: 'Movie Recommendation Chatbot' });
      await chat.getByLabel('Message').fill('something like Interstellar but funnier');
      await chat.getByRole('button', { name: 'Send' }).click();
      await chat
        .getByText('Thinking...')
        .waitFor({ state: 'detached', timeout: 20_000 })
        .catch(() => undefined);
      await shot(page, p('chat-widget'));
      await page.keyboard.press('Escape');

      const pages: [string, string][] = [
        ['movie', '/movie/157336'],
        ['search-results', '/search/star'],
        ['search-empty', '/search/qqqzzzxxyy'],
        ['genre', '/genre/16?sort=rating&from=1990&to=2005'],
        ['content-list', '/content/top_rated'],
        ['cast', '/cast/3084/Marlon%20Brando'],
        ['liked', '/liked'],
        ['watched', '/watched'],
        ['watchlist', '/watchlist'],
        ['recently-visited', '/recently-visited'],
        ['playlists', '/playlists'],
        ['playlist', `/playlist/${playlistId}`],
        ['public-playlist', `/p/${slug}`],
        ['public-playlist-missing', '/p/no-such-list'],
        ['diary', '/diary'],
        ['stats', '/stats'],
        ['account', '/account'],
        ['account-import', '/account/import'],
        ['chatbot', '/chatbot'],
        ['not-found', '/no-such-page'],
        ['movie-error', '/movie/999999999'],
      ];
      if (state === 'out')
        pages.push(
          ['login', '/login'],
          ['register', '/register'],
          ['verified', '/login?verified=1'],
          ['verify-error', '/login?verified=1&error=invalid_token'],
          ['reset-password', '/reset-password?token=walk-not-a-token'],
        );
      else pages.push(['playlist-private', `/playlist/1`], ['profile-setup', '/profile-setup']);
      for (const [name, path] of pages) {
        if (only && !only.test(p(name))) continue;
        await page.goto(`${base}${path}`);
        await shot(page, p(name));
      }
      if (state === 'out' && (!only || only.test(p('reset')))) {
        // "Forgot password?" with an address typed: the mail is sent, the message is green.
        await page.goto(`${base}/login`);
        await page.getByLabel('Email').fill('someone@example.com');
        await page.getByRole('button', { name: 'Forgot password?' }).click();
        await page
          .getByText(/email sent/i)
          .waitFor({ timeout: 10_000 })
          .catch(() => undefined);
        await shot(page, p('reset'));
        // Signing in before verifying: the message and "Resend verification email".
        const email = `walk-unverified-${Date.now()}@example.com`;
        await context.request.post(`${base}/api/auth/sign-up/email`, {
          data: { name: 'New Person', email, password: 'secret123' },
        });
        await page.goto(`${base}/login`);
        await page.getByLabel('Email').fill(email);
        await page.getByLabel('Password').fill('secret123');
        await page.getByRole('button', { name: 'Sign In' }).click();
        await page
          .getByText(/Please verify your email/)
          .waitFor({ timeout: 10_000 })
          .catch(() => undefined);
        await shot(page, p('verify-first'));
      }
      // The keyboard shortcuts' help.
      await page.goto(`${base}/genre/878`);
      await page.locator('main h1').waitFor();
      await page.keyboard.press('Shift+Slash');
      await page.getByRole('dialog', { name: 'Keyboard shortcuts' }).waitFor();
      await shot(page, p('shortcuts'));
      await context.close();
    }
  }
} finally {
  await browser.close();
}
console.log(problems.length ? `\n${problems.join('\n')}` : '\nno overflow, nothing covered');
