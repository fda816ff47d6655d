import { screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, renderWithApp, siteConfig, startApiFixture } from '../../testing/render';
import { CARD_BATCH, FIRST_CARDS, MovieRow } from './movie-row';

let api: Awaited<ReturnType<typeof startApiFixture>>;
beforeAll(async () => {
  api = await startApiFixture((req, res) => {
    if (req.url === '/api/config') return json(res, siteConfig());
    return json(res, null);
  });
});
afterAll(() => api.close());

const movies = Array.from({ length: 20 }, (_, i) => ({
  id: i + 1,
  title: `Film ${i + 1}`,
  poster_path: null,
  vote_average: 7,
}));

describe('MovieRow', () => {
  it('renders first only the cards a screen can show (the first render, as the server renders it), then the rest', async () => {
    // The first render (what the server renders, and what hydration must meet): the first cards.
    renderWithApp(<MovieRow title="Popular" movies={movies} />);
    const row = screen.getByRole('list');
    expect(FIRST_CARDS).toBeLessThan(movies.length);
    expect(within(row).getAllByRole('listitem')).toHaveLength(FIRST_CARDS);
    expect(row.textContent).not.toContain(`Film ${FIRST_CARDS + 1}`);

    // Right after it, every card, in order: CARD_BATCH at a time, each batch a render (a task) of
    // its own, so that none of them is a long task on a phone.
    const counts: number[] = [];
    const observer = new MutationObserver(() => counts.push(row.children.length));
    observer.observe(row, { childList: true });
    await waitFor(() => expect(within(row).getAllByRole('listitem')).toHaveLength(movies.length));
    observer.disconnect();
    expect(within(row).getAllByRole('listitem').at(-1)!.textContent).toContain('Film 20');
    const expected: number[] = [];
    for (let n = FIRST_CARDS + CARD_BATCH; n < movies.length + CARD_BATCH; n += CARD_BATCH)
      expected.push(Math.min(n, movies.length));
    expect(expected.length).toBeGreaterThan(1);
    expect([...new Set(counts)]).toEqual(expected);
  });
});
