import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { verificationLink } from '../accounts';
import { expectAccessible, launch, newPage, screenshot } from './browser';

const base = inject('baseUrl');
const dataDir = inject('dataDir');
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser.close());

const outboxLink = (email: string) => verificationLink({ base, dataDir }, email);

describe('an account end to end in the browser', () => {
  it('register → verify from the outbox → sign in → like, watchlist, playlist → library pages', async () => {
    const { context, page, errors } = await newPage(browser, { name: 'desktop', width: 1280, height: 800 });
    const email = `e2e-${Date.now()}@example.com`;
    await page.goto(`${base}/register`);
    await expectAccessible(page, 'register');
    await page.getByLabel('Name').fill('Eve Tester');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('123');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect.poll(() => page.getByText('Password must be at least 6 characters long').count()).toBe(1);
    await page.getByLabel('Password').fill('secret123');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await page.waitForURL('**/login');
    await expect.poll(() => page.getByText('Verification email sent!', { exact: false }).count()).toBe(1);
    await screenshot(page, 'desktop-login-after-register');
    await expectAccessible(page, 'login');

    // Unverified sign-in is refused with the spec's message.
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('secret123');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect
      .poll(() =>
        page.getByText('Please verify your email address before logging in.', { exact: false }).count(),
      )
      .toBe(1);

    const verify = await page.request.get(outboxLink(email), { maxRedirects: 0 });
    expect(verify.status()).toBe(302);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(`${base}/`);
    await expect.poll(() => page.getByRole('button', { name: /Eve Tester/ }).count()).toBe(1);

    await page.goto(`${base}/movie/238`);
    // A fresh page load: act once the session is known (the user menu shows), as a person would.
    await expect.poll(() => page.getByRole('button', { name: /Eve Tester/ }).count()).toBe(1);
    await page.getByRole('button', { name: 'Like', exact: true }).click();
    await expect.poll(() => page.getByText('Movie liked!').count()).toBe(1);
    await page.getByRole('button', { name: 'Add to Watchlist' }).click();
    await expect.poll(() => page.getByText('Added to your watchlist!').count()).toBe(1);
    await page.getByRole('button', { name: 'Add to Playlist' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add to Playlist' });
    await dialog.getByLabel('New playlist name').fill('Mob films');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect.poll(() => page.getByText('Playlist created!').count()).toBe(1);
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => page.getByText('Movie added to playlist!').count()).toBe(1);
    await expect.poll(() => dialog.count()).toBe(0);

    await page.goto(`${base}/liked`);
    await expect.poll(() => page.getByRole('heading', { name: 'Your Liked Movies' }).count()).toBe(1);
    await expect.poll(() => page.locator('a[href="/movie/238"]').count()).toBe(1);
    await page.goto(`${base}/watchlist`);
    await expect.poll(() => page.getByText('You have 1 movie(s) in your watchlist').count()).toBe(1);
    await page.goto(`${base}/watched`);
    await expect.poll(() => page.getByRole('heading', { name: 'No Watched Movies' }).count()).toBe(1);
    await page.goto(`${base}/recently-visited`);
    await expect.poll(() => page.locator('a[href="/movie/238"]').count()).toBe(1);
    await page.goto(`${base}/playlists`);
    await expect.poll(() => page.getByText('You have 1 playlist(s)').count()).toBe(1);
    await screenshot(page, 'desktop-playlists');
    await expectAccessible(page, 'playlists');
    await page.getByRole('button', { name: 'Options for Mob films' }).click();
    await page.getByRole('link', { name: 'View All' }).click();
    await expect.poll(() => page.getByText('Found 1 movie in this playlist').count()).toBe(1);
    await page.goto(base);
    await expect.poll(() => page.getByRole('heading', { name: 'Liked Movies' }).count()).toBe(1);
    await expect.poll(() => page.getByRole('heading', { name: 'Recently Visited' }).count()).toBe(1);
    await screenshot(page, 'desktop-home-signed-in');
    expect(errors).toEqual([]);
    await context.close();
  });
});
