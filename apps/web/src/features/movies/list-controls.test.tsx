import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../testing/render';
import { applyToPage, ListControls, parseListParams, useListParams } from './list-controls';

const movie = (id: number, release_date: string, vote_average: number, popularity: number) => ({
  id,
  release_date,
  vote_average,
  popularity,
});
const PAGE = [
  movie(1, '1999-03-31', 8.1, 50),
  movie(2, '2014-11-05', 8.3, 90),
  movie(3, '', 6.0, 10),
  movie(4, '2003-05-15', 6.9, 70),
];

describe(parseListParams.name, () => {
  it('reads page, sort and years, and falls back to defaults for anything unusable', () => {
    expect(parseListParams(new URLSearchParams('page=3&sort=rating&from=1990&to=2005'))).toEqual({
      page: 3,
      sort: 'rating',
      from: 1990,
      to: 2005,
    });
    expect(parseListParams(new URLSearchParams('page=-1&sort=evil&from=abc&to=99999'))).toEqual({
      page: 1,
      sort: 'default',
      from: null,
      to: null,
    });
  });
});

describe(applyToPage.name, () => {
  const ids = (list: { id: number }[]) => list.map((m) => m.id);
  it("keeps the list's own order by default, and sorts by rating, newest or oldest", () => {
    expect(ids(applyToPage(PAGE, { sort: 'default', from: null, to: null }))).toEqual([1, 2, 3, 4]);
    expect(ids(applyToPage(PAGE, { sort: 'rating', from: null, to: null }))).toEqual([2, 1, 4, 3]);
    expect(ids(applyToPage(PAGE, { sort: 'popularity', from: null, to: null }))).toEqual([2, 4, 1, 3]);
    expect(ids(applyToPage(PAGE, { sort: 'newest', from: null, to: null }))).toEqual([2, 4, 1, 3]);
    // Undated films go last either way.
    expect(ids(applyToPage(PAGE, { sort: 'oldest', from: null, to: null }))).toEqual([1, 4, 2, 3]);
  });

  it('keeps the films of the year range (undated ones only without a range)', () => {
    expect(ids(applyToPage(PAGE, { sort: 'default', from: 2000, to: null }))).toEqual([2, 4]);
    expect(ids(applyToPage(PAGE, { sort: 'default', from: 1990, to: 2005 }))).toEqual([1, 4]);
  });
});

function Harness() {
  const params = useListParams();
  return (
    <>
      <ListControls params={params} defaultLabel="Best match" scope="On this page." />
      <button type="button" onClick={() => params.update({ page: params.page + 1 })}>
        next page
      </button>
    </>
  );
}

describe('ListControls', () => {
  it('writes the choice into the URL, and a new sort or year range goes back to page 1', () => {
    const app = renderWithApp(<Harness />);
    const sort = screen.getByLabelText('Sort by') as HTMLSelectElement;
    expect(sort.value).toBe('default');
    expect([...sort.options].map((o) => o.textContent)).toEqual([
      'Best match',
      'Most popular',
      'Highest rated',
      'Newest first',
      'Oldest first',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'next page' }));
    fireEvent.click(screen.getByRole('button', { name: 'next page' }));
    expect(app.search()).toBe('?page=3');
    fireEvent.change(sort, { target: { value: 'rating' } });
    expect(app.search()).toBe('?sort=rating');
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '1990' } });
    expect(app.search()).toBe('?sort=rating&from=1990');
    expect(screen.getByText('On this page.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Reset' }));
    expect(app.search()).toBe('');
    expect(screen.queryByText('On this page.')).toBeNull();
  });
});
