import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startSocialApi } from '../../../testing/social-api';
import { renderWithApp } from '../../../testing/render';
import { SOCIAL_TEXT } from '../messages';
import { SocialSettings } from './social-settings';
import { YourProfileLink } from './your-profile-link';

let api: Awaited<ReturnType<typeof startSocialApi>> | undefined;
afterEach(async () => {
  await api?.close();
  api = undefined;
});

describe('"Your profile" in the account menus', () => {
  it('goes to /u/{username} once the username is known', async () => {
    api = await startSocialApi({ me: 'eve.watches' });
    const onClick = vi.fn();
    renderWithApp(<YourProfileLink onClick={onClick} className="x" />, { auth: true });
    const link = await screen.findByRole('link', { name: 'Your profile @eve.watches' });
    expect(link.getAttribute('href')).toBe('/u/eve.watches');
    link.click();
    expect(onClick).toHaveBeenCalledOnce();
  });

  it('without a username, asks for one on the account page, where the field takes the focus', async () => {
    api = await startSocialApi({ me: null });
    renderWithApp(<YourProfileLink onClick={() => {}} className="x" />, { auth: true });
    const link = await screen.findByRole('link', { name: 'Your profile Choose a username' });
    expect(link.getAttribute('href')).toBe('/account#profile');
  });

  it('the account page opened at #profile focuses the username field', async () => {
    api = await startSocialApi({ me: null });
    renderWithApp(<SocialSettings />, { auth: true, path: '/account#profile', route: '/account' });
    const field = await screen.findByLabelText('Username');
    await waitFor(() => expect(document.activeElement).toBe(field));
    expect(field.closest('section')?.id).toBe('profile');
    await screen.findByText('No pending requests.');
    await screen.findByText(SOCIAL_TEXT.noBlocked);
  });
});
