/**
 * The movie page's "Recommended Movies" for ten well-known films (scrolled to the list), and the
 * home page's "For You" row for a new account after a few likes, as JPEG (quality 60) into
 * artifacts/screenshots/recommendations/ (ignored). Against a running site:
 *   BASE_URL=http://127.0.0.1:5100 DATA_DIR=/tmp/… npx tsx e2e/bench/recommendation-screenshots.ts
 * DATA_DIR is the site's (its mail outbox verifies the account). Also prints each list's titles.
 */
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { signUpAndSignIn } from '../accounts';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../chromium';
import { accountApi, settle as settleWithin } from './screens';

const base = process.env.BASE_URL ?? 'http://127.0.0.1:3000';
const dataDir = process.env.DATA_DIR ?? './data';
const out = resolve(import.meta.dirname, '../../artifacts/screenshots/recommendations');
mkdirSync(out, { recursive: true });

const FILMS: [string, number][] = [
  ['toy-story', 862],
  ['spirited-away', 129],
  ['mad-max-fury-road', 76341],
  ['titanic', 597],
  ['alien', 348],
  ['amelie', 194],
  ['the-godfather', 238],
  ['bowling-for-columbine', 1430],
  ['get-out', 419430],
  ['grand-budapest-hotel', 120467],
];
const WIDTHS = (process.env.WIDTHS ?? '1280,390').split(',').map(Number);

/** The recommendations take longer than a list: more time for the network and the skeletons. */
const settle = (page: Parameters<typeof settleWithin>[0]) =>
  settleWithin(page, { networkMs: 20_000, busyMs: 15_000 });

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
for (const width of WIDTHS) {
  const page = await browser.newPage({ viewport: { width, height: width > 800 ? 800 : 844 } });
  for (const [name, id] of FILMS) {
    await page.goto(`${base}/movie/${id}`);
    await settle(page);
    const heading = page.getByRole('heading', { name: 'Recommended Movies' });
    await heading.scrollIntoViewIfNeeded().catch(() => undefined);
    await settle(page);
    const list = await fetch(`${base}/api/recommend/movies?tmdb_id=${id}&top_n=10`).then((r) => r.json());
    if (width === WIDTHS[0])
      console.log(`${name}: ${(list as { title: string }[]).map((m) => m.title).join(' · ')}`);
    await page.screenshot({ path: join(out, `${name}-${width}.jpg`), type: 'jpeg', quality: 60 });
  }
  await page.close();
}

// "For You" for a new account after a few likes.
const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
const page = await context.newPage();
await signUpAndSignIn(
  page,
  { base, dataDir },
  { name: 'Rae Likes', email: `for-you-${Date.now()}@example.com` },
);
const { headers, post } = await accountApi(context, page, base);
const LIKES = (process.env.LIKES ?? '129,862,348').split(',').map(Number);
for (const id of LIKES) await post('/api/user/likes', { tmdb_id: id });
await page.goto(`${base}/`);
await settle(page);
const row = page.getByRole('region', { name: 'For You' });
await row.scrollIntoViewIfNeeded();
await settle(page);
const forYou = (await (await context.request.get(`${base}/api/user/for-you`, { headers })).json()) as {
  results: { title: string; because: { title: string } }[];
};
console.log(
  `for you (likes ${LIKES.join(', ')}): ${forYou.results.map((m) => `${m.title} (${m.because.title})`).join(' · ')}`,
);
await page.screenshot({ path: join(out, 'home-for-you-1280.jpg'), type: 'jpeg', quality: 60 });
await browser.close();
