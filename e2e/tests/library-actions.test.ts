import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectAccessible, launch, newPage, screenshot, VIEWPORTS } from './browser';

const base = inject('baseUrl');
const dataDir = inject('dataDir');
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser.close());

const outbox = () => join(dataDir, 'outbox');
const mailsTo = (email: string) => readdirSync(outbox()).filter((f) => f.includes(email));
/** The newest mail's link to `to` ('verify-email' or 'reset-password'). */
function mailLink(email: string, kind: 'verify-email' | 'reset-password'): string {
  const file = mailsTo(email).sort().pop()!;
  const raw = readFileSync(join(outbox(), file), 'utf8')
    .replace(/=\r?\n/g, '')
    .replace(/=3D/g, '=');
  const re =
    kind === 'verify-email'
      ? /https?:\/\/\S+verify-email\?token=[^\s"<]+/
      : /https?:\/\/\S+reset-password\/[^\s"<]+/;
  return re.exec(raw)![0];
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto(`${base}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL(`${base}/`);
}

/** Opens a movie page once the session is read (its watch statuses arrive only for a user). */
async function openMovie(page: Page, id: number) {
  const statuses = page.waitForResponse((r) => r.url().endsWith('/api/user/watch-status') && r.ok());
  await page.goto(`${base}/movie/${id}`);
  await statuses;
}

/** The status line's text and whether it is green. */
const statusOf = (page: Page) =>
  page
    .getByRole('status')
    .first()
    .evaluate((el) => ({ text: el.textContent, green: el.className.includes('emerald') }));

describe('account flows and library actions in the browser', () => {
  const email = `actions-${Date.now()}@example.com`;
  let password = 'secret123';

  it('register → resend → the link lands on "verified" at the address the site was opened at', async () => {
    const { context, page, errors } = await newPage(browser, VIEWPORTS[0]);
    await page.goto(`${base}/register`);
    await page.getByLabel('Name').fill('Ada Actions');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await page.waitForURL('**/login');
    // The URL changes before the sign-in form replaces the sign-up form (both have Email and
    // Password): wait for the new page, or a busy machine's fill lands in the old one.
    await page.getByRole('heading', { name: 'Sign In' }).waitFor();
    expect(mailsTo(email)).toHaveLength(1);

    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('button', { name: 'Resend verification email' }).click();
    await expect.poll(() => mailsTo(email).length).toBe(2);
    await expect
      .poll(() => statusOf(page))
      .toEqual({
        text: 'Verification email sent! Please check your inbox and verify your email before logging in.',
        green: true,
      });
    await screenshot(page, 'actions-desktop-login-resend');

    // The site was opened at 127.0.0.1 (no PUBLIC_URL): the link goes there, not to localhost.
    const link = mailLink(email, 'verify-email');
    expect(new URL(link).origin).toBe(base);
    await page.goto(link);
    await page.waitForURL(`${base}/login?verified=1`);
    await expect
      .poll(() => statusOf(page))
      .toEqual({
        text: 'Your email is verified. Please sign in.',
        green: true,
      });
    await screenshot(page, 'actions-desktop-login-verified');
    await expectAccessible(page, 'login verified');
    await page.setViewportSize({ width: VIEWPORTS[1].width, height: VIEWPORTS[1].height });
    await screenshot(page, 'actions-phone-login-verified');
    await page.setViewportSize({ width: VIEWPORTS[0].width, height: VIEWPORTS[0].height });
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(`${base}/`);
    expect(errors).toEqual([]);
    await context.close();
  });

  // At the phone's width: account.test walks likes, the watchlist and a playlist at the desktop's,
  // and every screen and dialog's layout at each width is look.test's (decision 0141).
  const viewport = VIEWPORTS[1];
  it(`${viewport.name}: watched and watchlist independent and undoable; playlist membership, rename, delete`, async () => {
    const { context, page, errors } = await newPage(browser, viewport);
    const shot = (name: string) => screenshot(page, `actions-${viewport.name}-${name}`);
    await signIn(page, email, password);
    const movie = 680;
    await openMovie(page, movie);
    await page.getByRole('button', { name: 'Mark as Watched' }).click();
    await expect.poll(() => page.getByText('Movie marked as watched!').count()).toBe(1);
    await page.getByRole('button', { name: 'Add to Watchlist' }).click();
    await expect.poll(() => page.getByText('Added to your watchlist!').count()).toBe(1);
    // Both held at once.
    await expect
      .poll(() => page.getByRole('button', { name: 'Watched', exact: true }).getAttribute('aria-pressed'))
      .toBe('true');
    await expect
      .poll(() => page.getByRole('button', { name: 'In Watchlist' }).getAttribute('aria-pressed'))
      .toBe('true');
    await shot('movie-both');
    await expectAccessible(page, 'movie page, both statuses');

    await page.goto(`${base}/watched`);
    await expect.poll(() => page.getByText('You have watched 1 movie(s)').count()).toBe(1);
    await page.goto(`${base}/watchlist`);
    await expect.poll(() => page.getByText('You have 1 movie(s) in your watchlist').count()).toBe(1);
    await shot('watchlist');

    // Un-watch from the movie page: the watchlist keeps it.
    await openMovie(page, movie);
    await page.getByRole('button', { name: 'Remove from watched' }).click();
    await expect.poll(() => page.getByText('Removed from your watched movies!').count()).toBe(1);
    await expect.poll(() => page.getByRole('button', { name: 'Mark as Watched' }).count()).toBe(1);
    await page.goto(`${base}/watched`);
    await expect.poll(() => page.getByRole('heading', { name: 'No Watched Movies' }).count()).toBe(1);
    // Off the watchlist from its page.
    await page.goto(`${base}/watchlist`);
    await page.getByRole('button', { name: /^Remove .+ from watchlist$/ }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Your Watchlist is Empty' }).count()).toBe(1);

    // Playlists: the modal shows membership and removes.
    const list = `Picks ${viewport.name}`;
    await openMovie(page, movie);
    await page.getByRole('button', { name: 'Add to Playlist' }).click();
    let dialog = page.getByRole('dialog', { name: 'Add to Playlist' });
    await dialog.getByLabel('New playlist name').fill(list);
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect.poll(() => page.getByText('Playlist created!').count()).toBe(1);
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => page.getByText('Movie added to playlist!').count()).toBe(1);
    await expect.poll(() => dialog.count()).toBe(0);
    await page.getByRole('button', { name: 'Add to Playlist' }).click();
    dialog = page.getByRole('dialog', { name: 'Add to Playlist' });
    await expect.poll(() => dialog.getByText('In this playlist').count()).toBe(1);
    await shot('modal-membership');
    await expectAccessible(page, 'add to playlist modal', '[role="dialog"]');
    await dialog.getByRole('button', { name: `Remove from ${list}` }).click();
    await expect.poll(() => page.getByText('Movie removed from playlist!').count()).toBe(1);
    await expect.poll(() => dialog.getByRole('checkbox', { name: new RegExp(list) }).count()).toBe(1);
    await dialog.getByRole('checkbox', { name: new RegExp(list) }).check();
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => dialog.count()).toBe(0);

    // Rename and remove from the playlist's page; delete asks first.
    await page.goto(`${base}/playlists`);
    await page.getByRole('button', { name: `Options for ${list}` }).click();
    await page.getByRole('button', { name: 'Rename', exact: true }).click();
    const rename = page.getByRole('dialog', { name: 'Rename Playlist' });
    await rename.getByLabel('Name').fill(`${list} renamed`);
    await shot('rename');
    await rename.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByText('Playlist renamed!').count()).toBe(1);
    await page.getByRole('button', { name: `Options for ${list} renamed` }).click();
    await page.getByRole('link', { name: 'View All' }).click();
    await expect.poll(() => page.getByText('Found 1 movie in this playlist').count()).toBe(1);
    await shot('playlist-page');
    await expectAccessible(page, 'playlist page');
    await page.getByRole('button', { name: /from this playlist$/ }).click();
    await expect.poll(() => page.getByText('Movie removed from playlist!').count()).toBe(1);
    await expect.poll(() => page.getByRole('heading', { name: 'Empty Playlist' }).count()).toBe(1);
    await page.getByRole('button', { name: 'Delete Playlist' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Playlist' });
    await shot('delete-confirm');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => confirm.count()).toBe(0);
    await page.getByRole('button', { name: 'Delete Playlist' }).click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.waitForURL(`${base}/playlists`);
    await expect.poll(() => page.getByText('Playlist deleted!').count()).toBe(1);
    await expect.poll(() => page.getByText(`${list} renamed`).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('account page at 390 px: display name; forgot password → reset → green message; delete account', async () => {
    const { context, page, errors } = await newPage(browser, VIEWPORTS[1]);
    await signIn(page, email, password);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('link', { name: 'Ada Actions' }).click();
    await page.waitForURL(`${base}/account`);
    await page.getByLabel('Display name').fill('Ada Renamed');
    await page.getByRole('button', { name: 'Save name' }).click();
    await expect.poll(() => page.getByText('Your display name was saved.').count()).toBe(1);
    await screenshot(page, 'actions-phone-account');
    await expectAccessible(page, 'account');
    await page.setViewportSize({ width: VIEWPORTS[0].width, height: VIEWPORTS[0].height });
    await screenshot(page, 'actions-desktop-account');
    await page.setViewportSize({ width: VIEWPORTS[1].width, height: VIEWPORTS[1].height });
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('button', { name: 'Log Out' }).click();
    await page.waitForURL(`${base}/`);

    // Forgot password from the login page, the mail's link (at this address), the new password.
    await page.goto(`${base}/login`);
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await expect
      .poll(() => page.getByText('Password reset email sent! Please check your inbox.').count())
      .toBe(1);
    const link = mailLink(email, 'reset-password');
    expect(new URL(link).origin).toBe(base);
    await page.goto(link);
    await page.waitForURL(/\/reset-password\?token=/);
    expect(new URL(page.url()).origin).toBe(base);
    password = 'changed-456';
    await page.getByLabel('New password').fill(password);
    await page.getByRole('button', { name: 'Save password' }).click();
    await page.waitForURL(`${base}/login`);
    await expect
      .poll(() => statusOf(page))
      .toEqual({
        text: 'Your password was changed. Please sign in.',
        green: true,
      });
    await screenshot(page, 'actions-phone-password-changed');
    await page.setViewportSize({ width: VIEWPORTS[0].width, height: VIEWPORTS[0].height });
    await screenshot(page, 'actions-desktop-password-changed');
    await page.setViewportSize({ width: VIEWPORTS[1].width, height: VIEWPORTS[1].height });

    await signIn(page, email, password);
    await page.goto(`${base}/account`);
    await page.getByRole('button', { name: 'Delete account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await dialog.getByLabel('Password').fill(password);
    await screenshot(page, 'actions-phone-delete-account');
    await dialog.getByRole('button', { name: 'Delete account' }).click();
    await page.waitForURL(`${base}/`);
    await expect.poll(() => page.getByText('Your account was deleted.').count()).toBe(1);
    await page.goto(`${base}/login`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect.poll(() => page.getByText('Invalid email or password. Please try again.').count()).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });
});
