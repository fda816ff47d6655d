import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { startLibraryApi } from '../../../testing/library-api';
import { json, renderWithApp } from '../../../testing/render';
import ForYouRow from './for-you-row';

let api: Awaited<ReturnType<typeof startLibraryApi>> | undefined;
afterEach(async () => {
  await api?.close();
  api = undefined;
});

const card = (id: number, title: string) => ({ id, title, poster_path: null, vote_average: 7 });

describe('For You row', () => {
  it('says why each pick is there: a neighbour of their film, or popular lately in its genre', async () => {
    api = await startLibraryApi({}, (req, res) => {
      if (!req.url!.startsWith('/api/user/for-you')) return false;
      json(res, {
        results: [
          {
            ...card(10681, 'WALL·E'),
            because: { tmdb_id: 12, title: 'Finding Nemo', kind: 'like', popular: true },
          },
          { ...card(863, 'Toy Story 2'), because: { tmdb_id: 862, title: 'Toy Story', kind: 'watched' } },
        ],
      });
      return true;
    });
    renderWithApp(<ForYouRow />, { auth: true });
    const row = await screen.findByRole('region', { name: 'For You' });
    const items = await within(row).findAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      expect.stringContaining('Popular lately · you liked Finding Nemo'),
      expect.stringContaining('Because you watched Toy Story'),
    ]);
    expect(within(items[0]!).getByRole('link', { name: 'Finding Nemo' }).getAttribute('href')).toBe(
      '/movie/12',
    );
    // A row like the others, with arrows to scroll it (it runs off a desktop's edge at 20 picks;
    // shown only where there is something to scroll to, which this test's DOM cannot lay out).
    expect(row.querySelector('button[aria-label="Scroll For You right"]')).not.toBeNull();
    expect(
      within(row).getByText('From the films you liked, watched and saved, and the people you follow'),
    ).toBeTruthy();
  });

  it('names the person they follow who loves a pick, linking to their profile (decision 0095)', async () => {
    api = await startLibraryApi({}, (req, res) => {
      if (!req.url!.startsWith('/api/user/for-you')) return false;
      const friend = (id: number, title: string, rating: number | null) => ({
        ...card(id, title),
        because: { tmdb_id: id, title, kind: 'friend', friend: { username: 'ana', rating } },
      });
      json(res, {
        results: [
          friend(238, 'The Godfather', 5),
          friend(550, 'Fight Club', null),
          friend(424, 'Schindler’s List', 4.5),
        ],
      });
      return true;
    });
    renderWithApp(<ForYouRow />, { auth: true });
    const row = await screen.findByRole('region', { name: 'For You' });
    const items = await within(row).findAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      expect.stringContaining('Because ana rated it 5 stars'),
      expect.stringContaining('Because ana liked it'),
      expect.stringContaining('Because ana rated it 4.5 stars'),
    ]);
    expect(within(items[0]!).getByRole('link', { name: 'ana' }).getAttribute('href')).toBe('/u/ana');
  });

  it('says the row is being prepared while the recommender prepares its first model, then fills it without a reload', async () => {
    let asked = 0;
    api = await startLibraryApi({}, (req, res) => {
      if (!req.url!.startsWith('/api/user/for-you')) return false;
      if (++asked < 3)
        json(
          res,
          {
            message: 'Recommendations are being prepared. Please try again in a moment.',
            code: 'RECOMMENDATIONS_PREPARING',
          },
          503,
        );
      else
        json(res, {
          results: [
            { ...card(863, 'Toy Story 2'), because: { tmdb_id: 862, title: 'Toy Story', kind: 'like' } },
          ],
        });
      return true;
    });
    renderWithApp(<ForYouRow />, { auth: true });
    const preparing = await screen.findByRole('region', { name: 'For You' });
    expect(within(preparing).getByText('Recommendations are being prepared…')).toBeTruthy();
    expect(await screen.findByText('Because you liked', { exact: false }, { timeout: 10_000 })).toBeTruthy();
    expect(screen.queryByText('Recommendations are being prepared…')).toBeNull();
    expect(asked).toBe(3);
  }, 20_000);
});
