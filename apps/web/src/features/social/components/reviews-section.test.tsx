import type { PublicReview } from '@app/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { startSocialApi } from '../../../testing/social-api';
import { renderWithApp } from '../../../testing/render';
import MovieSocial from './movie-social';

let api: Awaited<ReturnType<typeof startSocialApi>> | undefined;
afterEach(async () => {
  await api?.close();
  api = undefined;
});

const review = (
  username: string,
  like_count: number,
  updated_at: string,
  over: Partial<PublicReview> = {},
) => ({
  username,
  tmdb_id: 157336,
  rating: 4,
  review: `${username} thinks it is long but worth it.`,
  updated_at,
  like_count,
  liked: false,
  own: false,
  hidden: false,
  ...over,
});

const order = () =>
  within(screen.getByRole('region', { name: /Reviews/ }))
    .getAllByRole('link')
    .map((a) => a.getAttribute('href'));

describe("the movie page's friends and reviews", () => {
  it('friends who watched with their stars; reviews newest or most liked first; like; report hides it', async () => {
    api = await startSocialApi({
      friends: [{ username: 'ann', rating: 4.5, watched_on: '2026-11-01' }],
      reviews: [
        review('ann', 1, '2026-11-20T10:00:00Z'),
        review('bob', 5, '2026-11-10T10:00:00Z'),
        review('eve', 0, '2026-11-01T10:00:00Z', { own: true }),
      ],
    });
    renderWithApp(<MovieSocial tmdbId={157336} />, { auth: true });
    const friends = await screen.findByRole('region', { name: 'Friends who watched' });
    expect(await within(friends).findByRole('link', { name: '@ann' })).toBeTruthy();
    expect(within(friends).getByText('4.5 out of 5 stars')).toBeTruthy();

    await screen.findByText('bob thinks it is long but worth it.');
    expect(order()).toEqual(['/u/ann', '/u/bob', '/u/eve']);
    fireEvent.click(screen.getByRole('button', { name: 'Most liked' }));
    await waitFor(() => expect(order()).toEqual(['/u/bob', '/u/ann', '/u/eve']));
    expect(screen.getByRole('button', { name: 'Most liked' }).getAttribute('aria-pressed')).toBe('true');

    // One's own review can be neither liked nor reported.
    expect(screen.getByRole('button', { name: 'Like @eve’s review' }).hasAttribute('disabled')).toBe(true);
    expect(screen.queryByRole('button', { name: 'Report @eve’s review' })).toBeNull();

    const like = screen.getByRole('button', { name: 'Like @ann’s review' });
    fireEvent.click(like);
    await waitFor(() => expect(like.getAttribute('aria-pressed')).toBe('true'));
    expect(await screen.findByText('2 likes')).toBeTruthy();
    await waitFor(() => expect(api!.social.reviews.find((r) => r.username === 'ann')!.like_count).toBe(2));

    fireEvent.click(screen.getByRole('button', { name: 'Report @bob’s review' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report this review' });
    const send = within(dialog).getByRole('button', { name: 'Send report' });
    expect(send.hasAttribute('disabled')).toBe(true);
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Spoilers' }));
    fireEvent.click(send);
    expect(await screen.findByText(/the review is hidden for you/)).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('bob thinks it is long but worth it.')).toBeNull());
    expect(api.state.calls).toEqual([
      'PUT /api/movies/157336/reviews/ann/like',
      'POST /api/movies/157336/reviews/bob/report',
    ]);
  });

  it('a switch to most liked while a like is on its way shows the order with that like once it is stored', async () => {
    api = await startSocialApi({
      reviews: [review('ann', 0, '2026-11-20T10:00:00Z'), review('bob', 1, '2026-11-10T10:00:00Z')],
    });
    let release!: () => void;
    api.social.likesHeld = new Promise<void>((r) => (release = r));
    renderWithApp(<MovieSocial tmdbId={157336} />, { auth: true });
    await screen.findByText('bob thinks it is long but worth it.');
    expect(order()).toEqual(['/u/ann', '/u/bob']);
    fireEvent.click(screen.getByRole('button', { name: 'Like @ann’s review' }));
    fireEvent.click(screen.getByRole('button', { name: 'Most liked' }));
    // Read before the like was stored: Bob's one like first.
    await waitFor(() => expect(order()).toEqual(['/u/bob', '/u/ann']));
    release();
    // One like each now, and Ann's is the newer.
    await waitFor(() => expect(order()).toEqual(['/u/ann', '/u/bob']));
    expect(screen.getByRole('button', { name: 'Like @ann’s review' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
  });

  it('a visitor sees the reviews but no friends, and is asked to log in to like', async () => {
    api = await startSocialApi({ reviews: [review('ann', 1, '2026-11-20T10:00:00Z')] });
    api.state.signedIn = false;
    renderWithApp(<MovieSocial tmdbId={157336} />, { auth: true });
    fireEvent.click(await screen.findByRole('button', { name: 'Like @ann’s review' }));
    expect(await screen.findByText('Please login to like reviews')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Friends who watched' })).toBeNull();
    expect(api.state.calls).toEqual([]);
  });

  it('its author sees their own review hidden after reports, marked so, with what happens next', async () => {
    api = await startSocialApi({
      reviews: [
        review('ann', 1, '2026-11-20T10:00:00Z'),
        review('eve', 0, '2026-11-01T10:00:00Z', { own: true, hidden: true }),
      ],
    });
    renderWithApp(<MovieSocial tmdbId={157336} />, { auth: true });
    await screen.findByText('eve thinks it is long but worth it.');
    const [annItem, eveItem] = within(screen.getByRole('region', { name: /Reviews/ })).getAllByRole(
      'listitem',
    );
    expect(within(eveItem!).getByText('Hidden after reports')).toBeTruthy();
    expect(within(eveItem!).getByText(/A moderator will look at it/)).toBeTruthy();
    expect(within(annItem!).queryByText('Hidden after reports')).toBeNull();
  });

  it('its author is told when a moderator removed their review', async () => {
    api = await startSocialApi({ reviews: [review('ann', 1, '2026-11-20T10:00:00Z')], ownRemoved: true });
    renderWithApp(<MovieSocial tmdbId={157336} />, { auth: true });
    const notice = await screen.findByText(/A moderator removed your review of this film/);
    expect(notice.getAttribute('role')).toBe('status');
    await screen.findByText('ann thinks it is long but worth it.');
  });

  it('no reviews yet says so', async () => {
    api = await startSocialApi();
    renderWithApp(<MovieSocial tmdbId={157336} />, { auth: true });
    expect(await screen.findByText(/No reviews yet/)).toBeTruthy();
    expect(await screen.findByText(/None of the people you follow has watched/)).toBeTruthy();
  });
});

describe('a film with many reviews', () => {
  it('shows five, then ten more at a time', async () => {
    const many = Array.from({ length: 18 }, (_, i) =>
      review(`fan${String(i).padStart(2, '0')}`, 0, `2026-11-${String(28 - i).padStart(2, '0')}T10:00:00Z`),
    );
    api = await startSocialApi({ reviews: many });
    renderWithApp(<MovieSocial tmdbId={157336} />, { auth: true });
    await screen.findByText('fan00 thinks it is long but worth it.');
    const region = screen.getByRole('region', { name: /Reviews/ });
    expect(within(region).getAllByRole('listitem')).toHaveLength(5);
    fireEvent.click(within(region).getByRole('button', { name: 'Show more reviews' }));
    expect(within(region).getAllByRole('listitem')).toHaveLength(15);
    fireEvent.click(within(region).getByRole('button', { name: 'Show more reviews' }));
    expect(within(region).getAllByRole('listitem')).toHaveLength(18);
    expect(within(region).queryByRole('button', { name: 'Show more reviews' })).toBeNull();
  });
});
