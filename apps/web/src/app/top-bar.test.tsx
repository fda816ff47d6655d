import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, renderWithApp, siteConfig, startApiFixture } from '../testing/render';
import { TopBar } from './top-bar';

let api: Awaited<ReturnType<typeof startApiFixture>>;
beforeAll(async () => {
  api = await startApiFixture((req, res) => {
    const url = new URL(req.url!, 'http://x');
    if (url.pathname === '/api/config') return json(res, siteConfig());
    if (url.pathname === '/api/tmdb/search/movie') {
      const q = url.searchParams.get('query')!;
      const results = Array.from({ length: 3 }, (_, i) => ({
        id: 100 + i,
        title: `${q} ${i + 1}`,
        release_date: '2014-11-05',
        vote_average: 8,
        poster_path: null,
      }));
      return json(res, { page: 1, results, total_pages: 1, total_results: 3 });
    }
    return json(res, null);
  });
});
afterAll(() => api.close());

describe('TopBar', () => {
  it("desktop search: ↓ from the field goes to the first suggestion, not past it (the panel's own ↓ ↑ left to it)", async () => {
    renderWithApp(<TopBar />);
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    const field = (await screen.findByLabelText('Search movies')) as HTMLInputElement;
    fireEvent.change(field, { target: { value: 'inter' } });
    const first = await screen.findByRole('button', { name: /inter 1/ });
    field.focus();
    fireEvent.keyDown(field, { key: 'ArrowDown' });
    await waitFor(() => expect(document.activeElement).toBe(first));
    fireEvent.keyDown(first, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: /inter 2/ }));
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(first);
  });
});
