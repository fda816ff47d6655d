import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_HISTORY_KEY } from '../utils/search-history';
import { json, renderWithApp, siteConfig, startApiFixture } from '../../../testing/render';
import { SearchBox } from './search-box';

let api: Awaited<ReturnType<typeof startApiFixture>>;
beforeAll(async () => {
  api = await startApiFixture((req, res) => {
    const url = new URL(req.url!, 'http://x');
    if (url.pathname === '/api/config') return json(res, siteConfig());
    if (url.pathname === '/api/tmdb/search/movie') {
      const q = url.searchParams.get('query')!;
      if (q === 'zzz') return json(res, { page: 1, results: [], total_pages: 0, total_results: 0 });
      if (q === 'boom') return json(res, { message: 'down' }, 502);
      const results = Array.from({ length: 9 }, (_, i) => ({
        id: 100 + i,
        title: `${q} ${i}`,
        release_date: '2014-11-05',
        vote_average: 8.14,
        poster_path: i === 0 ? null : `/p${i}.svg`,
      }));
      return setTimeout(() => json(res, { page: 1, results, total_pages: 1, total_results: 9 }), 150);
    }
    return json(res, null);
  });
});
afterAll(() => api.close());

const input = () => screen.getByLabelText('Search movies') as HTMLInputElement;

describe('SearchBox', () => {
  it('under 2 characters shows 3 recent searches and the 4 popular ones', () => {
    localStorage.setItem(SEARCH_HISTORY_KEY, JSON.stringify(['One', 'Two', 'Three', 'Four']));
    renderWithApp(<SearchBox />);
    expect(input().placeholder).toBe('Search movies...');
    for (const r of ['One', 'Two', 'Three']) expect(screen.getByRole('button', { name: r })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Four' })).toBeNull();
    for (const p of ['Final Destination', 'Mission Impossible', 'Stree 2', 'Interstellar'])
      expect(screen.getByRole('button', { name: p })).toBeTruthy();
    fireEvent.change(input(), { target: { value: 'a' } });
    expect(screen.getByText('Popular searches')).toBeTruthy();
  });

  it('debounces, shows Searching..., then at most 6 suggestions with poster, date and rating', async () => {
    renderWithApp(<SearchBox />);
    fireEvent.change(input(), { target: { value: 'in' } });
    fireEvent.change(input(), { target: { value: 'int' } });
    expect(screen.getByText('Searching...')).toBeTruthy();
    const list = await screen.findByRole('list', { name: 'Suggestions' });
    expect(list.querySelectorAll('li')).toHaveLength(6);
    expect(screen.getAllByText('8.1').length).toBe(6);
    expect(screen.getAllByText('2014-11-05').length).toBe(6);
    // Posters wait for the config, which says where images come from.
    expect(await screen.findByText('No Poster')).toBeTruthy();
    expect(list.querySelector('img')!.getAttribute('src')).toBe('/img/w92/p1.svg');
    // Debounced: the intermediate "in" was never asked for.
    expect(api.requests.filter((u) => u.startsWith('/api/tmdb/search/movie'))).toEqual([
      '/api/tmdb/search/movie?query=int&page=1',
    ]);
  });

  it('the arrow keys go from the field through the suggestions and back; Enter opens the one in focus', async () => {
    const { pathname } = renderWithApp(<SearchBox />);
    fireEvent.change(input(), { target: { value: 'godf' } });
    const list = await screen.findByRole('list', { name: 'Suggestions' });
    const items = [...list.querySelectorAll('button')];
    fireEvent.keyDown(input(), { key: 'ArrowDown' });
    expect(document.activeElement).toBe(items[0]);
    fireEvent.keyDown(items[0]!, { key: 'ArrowDown' });
    fireEvent.keyDown(items[1]!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(items[2]);
    fireEvent.keyDown(items[2]!, { key: 'ArrowUp' });
    fireEvent.keyDown(items[1]!, { key: 'ArrowUp' });
    fireEvent.keyDown(items[0]!, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(input());
    // At the last one, ↓ stays there.
    items.at(-1)!.focus();
    fireEvent.keyDown(items.at(-1)!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(items.at(-1));
    fireEvent.click(items[1]!);
    expect(pathname()).toBe('/movie/101');
  });

  it('shows No suggestions found for an empty list and for a failed fetch', async () => {
    renderWithApp(<SearchBox />);
    fireEvent.change(input(), { target: { value: 'zzz' } });
    expect(await screen.findByText('No suggestions found')).toBeTruthy();
    fireEvent.change(input(), { target: { value: 'boom' } });
    await waitFor(() => expect(screen.queryByText('Searching...')).toBeNull());
    expect(screen.getByText('No suggestions found')).toBeTruthy();
  });

  it('submit is disabled while blank, busy for 500 ms, records history, then goes to /search/{query}', async () => {
    const { pathname } = renderWithApp(<SearchBox />);
    const submit = screen.getByRole('button', { name: 'Search' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    fireEvent.change(input(), { target: { value: '   ' } });
    expect(submit.disabled).toBe(true);
    fireEvent.change(input(), { target: { value: ' Heat ' } });
    fireEvent.submit(input().closest('form')!);
    expect(input().disabled).toBe(true);
    expect(pathname()).toBe('/');
    await waitFor(() => expect(pathname()).toBe('/search/Heat'), { timeout: 10_000 });
    expect(JSON.parse(localStorage.getItem(SEARCH_HISTORY_KEY)!)).toEqual(['Heat']);
  });
});
