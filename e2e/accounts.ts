import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';

/** Where the site is and where its mail outbox lies (its DATA_DIR). */
export interface Site {
  base: string;
  dataDir: string;
}

/** The verification link of the last mail to `email` in the site's outbox (quoted-printable undone). */
export function verificationLink(site: Site, email: string): string {
  const outbox = join(site.dataDir, 'outbox');
  const file = readdirSync(outbox)
    .filter((f) => f.includes(email))
    .sort()
    .pop();
  if (!file) throw new Error(`no mail to ${email} in ${outbox}`);
  const raw = readFileSync(join(outbox, file), 'utf8')
    .replace(/=\r?\n/g, '')
    .replace(/=3D/g, '=');
  return /https?:\/\/\S+verify-email\?token=[^\s"<]+/.exec(raw)![0];
}

/**
 * A new account signed in in `page`: registered through the API (the page's cookies), verified with
 * the mailed link, then signed in on the login page as a visitor does.
 */
export async function signUpAndSignIn(
  page: Page,
  site: Site,
  { name, email, password = 'secret123' }: { name: string; email: string; password?: string },
): Promise<void> {
  const up = await page.request.post(`${site.base}/api/auth/sign-up/email`, {
    data: { name, email, password },
  });
  if (up.status() !== 200) throw new Error(`sign-up of ${email}: ${up.status()} ${await up.text()}`);
  await page.request.post(`${site.base}/api/auth/send-verification-email`, {
    data: { email, callbackURL: '/login' },
  });
  const verified = await page.request.get(verificationLink(site, email), { maxRedirects: 0 });
  if (verified.status() !== 302) throw new Error(`verification of ${email}: ${verified.status()}`);
  await page.goto(`${site.base}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL(`${site.base}/`);
}
