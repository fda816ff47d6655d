import { screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, renderWithApp, siteConfig, startApiFixture } from '../testing/render';
import ContentListPage from './content-list';

// Now playing has 4 pages of 20; a page past them answers empty, as the API does.
let api: Awaited<ReturnType<typeof startApiFixture>>;
beforeAll(async () => {
  api = await startApiFixture((req, res) => {
    const url = new URL(req.url!, 'http://x');
    if (url.pathname === '/api/config') return json(res, siteConfig());
    if (url.pathname === '/api/tmdb/movie/now_playing') {
      const page = Number(url.searchParams.get('page'));
      const results =
        page <= 4
          ? Array.from({ length: 20 }, (_, i) => ({
              id: page * 100 + i,
              title: `Film ${page}-${i}`,
              release_date: '2017-06-01',
              vote_average: 7,
              poster_path: null,
            }))
          : [];
      return json(res, { page, results, total_pages: 4, total_results: 80 });
    }
    // Top rated has none at all (a filter that leaves nothing).
    if (url.pathname === '/api/tmdb/movie/top_rated')
      return json(res, { page: 1, results: [], total_pages: 0, total_results: 0 });
    return json(res, null);
  });
});
afterAll(() => api.close());

describe('a list page past its last', () => {
  it('page 99 of a 4-page list becomes page 4, in place of the link, never "page 99 of 4"', async () => {
    const view = renderWithApp(<ContentListPage />, {
      path: '/content/now_playing?page=99',
      route: '/content/:contentType',
    });
    expect(await screen.findByText('Found 80 movies on page 4 of 4')).toBeTruthy();
    expect(view.search()).toBe('?page=4');
    expect(screen.getByText('Film 4-0')).toBeTruthy();
    expect(screen.queryByText(/page 99/)).toBeNull();
    expect(screen.queryByText('No movies found')).toBeNull();
  });

  it('a page past a list with none becomes page 1', async () => {
    const view = renderWithApp(<ContentListPage />, {
      path: '/content/top_rated?page=3',
      route: '/content/:contentType',
    });
    await waitFor(() => expect(view.search()).toBe(''));
    expect(await screen.findByText('No movies found')).toBeTruthy();
    expect(screen.queryByText(/page 3/)).toBeNull();
  });

  it('a page within the list stays as asked', async () => {
    const view = renderWithApp(<ContentListPage />, {
      path: '/content/now_playing?page=2',
      route: '/content/:contentType',
    });
    expect(await screen.findByText('Found 80 movies on page 2 of 4')).toBeTruthy();
    await waitFor(() => expect(view.search()).toBe('?page=2'));
  });
});
