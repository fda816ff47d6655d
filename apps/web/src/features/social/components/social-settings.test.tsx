import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { startSocialApi } from '../../../testing/social-api';
import { renderWithApp } from '../../../testing/render';
import { SocialSettings } from './social-settings';

let api: Awaited<ReturnType<typeof startSocialApi>> | undefined;
afterEach(async () => {
  await api?.close();
  api = undefined;
});

describe('profile settings on the account page', () => {
  it('checks a username as it is typed (rules, then availability), saves it, then the public switch works', async () => {
    api = await startSocialApi({ me: null, people: [{ username: 'ann' }] });
    renderWithApp(<SocialSettings />, { auth: true });
    const field = await screen.findByLabelText('Username');
    const visibility = screen.getByRole('switch', { name: 'Public profile' });
    expect(visibility.hasAttribute('disabled')).toBe(true);
    expect(screen.getByText('Choose a username first to have a profile.')).toBeTruthy();
    const save = screen.getByRole('button', { name: 'Save username' });

    fireEvent.change(field, { target: { value: 'ab' } });
    expect((await screen.findByRole('alert')).textContent).toBe('username must be 3–30 characters');
    expect(save.hasAttribute('disabled')).toBe(true);
    fireEvent.change(field, { target: { value: 'Admin' } });
    expect((await screen.findByRole('alert')).textContent).toBe('That username is reserved');
    fireEvent.change(field, { target: { value: 'ANN' } });
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('That username is taken'));
    fireEvent.change(field, { target: { value: 'eve.watches' } });
    expect(await screen.findByText('Available')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBeNull();

    fireEvent.click(save);
    expect(await screen.findByText('Your username was saved.')).toBeTruthy();
    expect(api.social.me).toBe('eve.watches');
    expect(await screen.findByRole('link', { name: 'View your profile' })).toBeTruthy();

    // Public at once, private again: each a PATCH of its own.
    const on = await screen.findByRole('switch', { name: 'Public profile' });
    await waitFor(() => expect(on.hasAttribute('disabled')).toBe(false));
    fireEvent.click(on);
    await waitFor(() => expect(on.getAttribute('aria-checked')).toBe('true'));
    expect(await screen.findByText(/Anyone can see your profile/)).toBeTruthy();
    await waitFor(() =>
      expect(api!.social.people.find((p) => p.username === 'eve.watches')!.public).toBe(true),
    );
    await waitFor(() => expect(on.hasAttribute('disabled')).toBe(false));
    expect(api.state.calls).toEqual(['PATCH /api/user/profile', 'PATCH /api/user/profile']);
  });

  it('a username taken after the check said it was free is refused by the save, inline', async () => {
    api = await startSocialApi({ me: null });
    renderWithApp(<SocialSettings />, { auth: true });
    fireEvent.change(await screen.findByLabelText('Username'), { target: { value: 'quick' } });
    expect(await screen.findByText('Available')).toBeTruthy();
    // Someone else takes it meanwhile: the save is the judge.
    api.social.people.push({ username: 'quick', public: true, followers: [], requests: [], blocked: [] });
    fireEvent.click(screen.getByRole('button', { name: 'Save username' }));
    expect((await screen.findByRole('alert')).textContent).toBe('That username is taken');
    expect(api.social.me).toBeNull();
  });

  it('accepts and declines follow requests, and unblocks people', async () => {
    api = await startSocialApi({
      me: 'eve',
      people: [{ username: 'dan' }, { username: 'fay' }, { username: 'gus' }],
    });
    const me = api.social.people.find((p) => p.username === 'eve')!;
    me.requests = ['dan', 'fay'];
    me.blocked = ['gus'];
    renderWithApp(<SocialSettings />, { auth: true });
    const requests = await screen.findByRole('region', { name: 'Follow requests' });
    fireEvent.click(await within(requests).findByRole('button', { name: 'Accept @dan' }));
    expect(await screen.findByText('@dan now follows you')).toBeTruthy();
    await waitFor(() => expect(within(requests).queryByRole('button', { name: 'Accept @dan' })).toBeNull());
    fireEvent.click(await within(requests).findByRole('button', { name: 'Decline @fay' }));
    expect(await within(requests).findByText('No pending requests.')).toBeTruthy();
    expect(me.followers).toEqual(['dan']);

    const blocked = screen.getByRole('region', { name: 'Blocked people' });
    fireEvent.click(await within(blocked).findByRole('button', { name: 'Unblock @gus' }));
    expect(await within(blocked).findByText('You have not blocked anyone.')).toBeTruthy();
    expect(api.state.calls).toEqual([
      'POST /api/user/follow-requests/dan/accept',
      'POST /api/user/follow-requests/fay/decline',
      'DELETE /api/profiles/gus/block',
    ]);
  });
});
