import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FeedPage, ProfilePage } from './social';
import { startSocialApi } from '../testing/social-api';
import { renderWithApp } from '../testing/render';
import type { FeedItem } from '@app/contracts';

let api: Awaited<ReturnType<typeof startSocialApi>> | undefined;
afterEach(async () => {
  await api?.close();
  api = undefined;
});

const button = (name: string | RegExp) => screen.findByRole('button', { name });
const profileAt = (username: string) =>
  renderWithApp(<ProfilePage />, { path: `/u/${username}`, route: '/u/:username', auth: true });

describe('a profile page (/u/{username})', () => {
  it('a public profile shows its films, diary, ratings and playlists; Follow, then Unfollow with Undo', async () => {
    api = await startSocialApi({ people: [{ username: 'ann', followers: ['carl'] }, { username: 'carl' }] });
    profileAt('ann');
    expect(await screen.findByRole('heading', { level: 1, name: /@ann/ })).toBeTruthy();
    expect(screen.getByText('12 films')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Interstellar' }).getAttribute('href')).toBe('/movie/157336');
    expect(screen.getByRole('link', { name: /The Dark Knight/ })).toBeTruthy();
    expect(screen.getByText('4.5 out of 5 stars')).toBeTruthy();
    expect(screen.getByText('4 stars: 3 films')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Space films/ }).getAttribute('href')).toBe('/p/space-films-abc');

    // The followers' list opens from the count.
    fireEvent.click(await button('1 follower'));
    const dialog = await screen.findByRole('dialog', { name: 'Followers · @ann' });
    expect(await within(dialog).findByRole('link', { name: '@carl' })).toBeTruthy();
    fireEvent.keyDown(document, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(await button('Follow'));
    expect(await screen.findByText('You follow @ann')).toBeTruthy();
    const followingButton = await button('Following');
    expect(followingButton.getAttribute('aria-pressed')).toBe('true');
    expect(await button('2 followers')).toBeTruthy();
    expect(api.social.people.find((p) => p.username === 'ann')!.followers).toContain('eve');

    fireEvent.click(followingButton);
    expect(await screen.findByText('You unfollowed @ann')).toBeTruthy();
    expect(await button('Follow')).toBeTruthy();
    fireEvent.click(await button('Undo'));
    expect(await button('Following')).toBeTruthy();
    expect(api.state.calls).toEqual([
      'POST /api/profiles/ann/follow',
      'DELETE /api/profiles/ann/follow',
      'POST /api/profiles/ann/follow',
    ]);
  });

  it('a private profile shows only the name and a follow request, which can be cancelled', async () => {
    api = await startSocialApi({ people: [{ username: 'bob', public: false }] });
    profileAt('bob');
    expect(await screen.findByText('This profile is private')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Favourite films' })).toBeNull();
    expect(screen.queryByText(/films this year/)).toBeNull();
    fireEvent.click(await button('Request to follow'));
    expect(await screen.findByText('Follow request sent to @bob')).toBeTruthy();
    const requested = await button('Requested');
    expect(api.social.people.find((p) => p.username === 'bob')!.requests).toEqual(['eve']);
    fireEvent.click(requested);
    expect(await screen.findByText('Follow request cancelled')).toBeTruthy();
    expect(await button('Request to follow')).toBeTruthy();
  });

  it('a followed private profile asks before unfollowing (following again would be a new request)', async () => {
    api = await startSocialApi({ people: [{ username: 'bob', public: false, followers: ['eve'] }] });
    profileAt('bob');
    expect(await screen.findByRole('heading', { name: 'Favourite films' })).toBeTruthy();
    fireEvent.click(await button('Following'));
    const dialog = await screen.findByRole('dialog', { name: 'Unfollow @bob?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.state.calls).toEqual([]);
    fireEvent.click(await button('Following'));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Unfollow' }));
    expect(await screen.findByText('This profile is private')).toBeTruthy();
    expect(api.state.calls).toEqual(['DELETE /api/profiles/bob/follow']);
  });

  it('blocking from the menu asks first, closes the profile, and can be undone', async () => {
    api = await startSocialApi({ people: [{ username: 'ann', followers: ['eve'] }] });
    profileAt('ann');
    fireEvent.click(await button('More actions'));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Block @ann' }));
    const dialog = await screen.findByRole('dialog', { name: 'Block @ann?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Block' }));
    expect(await screen.findByText('You blocked @ann')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'You blocked @ann' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Favourite films' })).toBeNull();
    expect(api.social.people.find((p) => p.username === 'ann')!.followers).toEqual([]);
    fireEvent.click(await button('Undo'));
    expect(await screen.findByRole('heading', { name: 'Favourite films' })).toBeTruthy();
    expect(api.state.calls).toEqual(['PUT /api/profiles/ann/block', 'DELETE /api/profiles/ann/block']);
  });

  it('a name nobody has, or someone who blocked you, is a 404 page', async () => {
    api = await startSocialApi({ people: [{ username: 'zed', blocked: ['eve'] }] });
    profileAt('zed');
    expect(await screen.findByRole('heading', { name: 'This profile is not here' })).toBeTruthy();
    expect(screen.getByText('404')).toBeTruthy();
  });
});

const item = (n: number, over: Partial<FeedItem> = {}): FeedItem => ({
  id: `i${n}`,
  kind: 'rating',
  at: new Date(Date.now() - n * 3_600_000).toISOString(),
  username: 'ann',
  movie: { tmdb_id: 1000 + n, title: `Film ${n}`, poster_path: null, release_date: null },
  rating: 4,
  review: null,
  watched_on: null,
  rewatch: null,
  playlist: null,
  ...over,
});

describe('the Friends page (/feed)', () => {
  it('invites following people when the feed is empty, and finds people by username', async () => {
    api = await startSocialApi({
      people: [{ username: 'ann' }, { username: 'annie', public: false }, { username: 'bob' }],
    });
    renderWithApp(<FeedPage />, { path: '/feed', auth: true });
    expect(await screen.findByRole('heading', { name: 'Your feed is empty' })).toBeTruthy();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search people by username' }), {
      target: { value: 'an' },
    });
    const results = await screen.findByRole('list', { name: 'People matching an' });
    expect(await within(results).findByRole('link', { name: '@annie' })).toBeTruthy();
    expect(
      within(results)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/u/ann', '/u/annie']);
    expect(within(results).getByRole('img', { name: 'This profile is private' })).toBeTruthy();
  });

  it('shows what followed people did, newest first, and loads more', async () => {
    const feed = Array.from({ length: 25 }, (_, i) => item(i));
    feed[0] = item(0, { kind: 'review', review: 'A masterpiece of patience.', rating: 5 });
    feed[1] = item(1, {
      kind: 'playlist',
      movie: null,
      rating: null,
      playlist: { name: 'Rainy days', slug: 'rainy-days', movie_count: 7 },
    });
    api = await startSocialApi({ feed });
    renderWithApp(<FeedPage />, { path: '/feed', auth: true });
    const list = await screen.findByRole('list', { name: 'Activity' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(20);
    expect(within(list).getByText('A masterpiece of patience.')).toBeTruthy();
    expect(within(list).getByRole('link', { name: 'Rainy days' }).getAttribute('href')).toBe('/p/rainy-days');
    expect(within(list).getAllByText('reviewed')).toHaveLength(1);
    fireEvent.click(await button('Load more'));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(25));
    expect(await screen.findByText('You are all caught up.')).toBeTruthy();
  });
});
