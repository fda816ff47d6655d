import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, renderWithApp, siteConfig, startApiFixture } from '../../../testing/render';
import { viewParams } from '../../../lib/list-view';
import {
  hiddenPart,
  LAST_YEAR,
  lastYearOf,
  parseListParams,
  useListParams,
  viewOf,
} from '../hooks/use-list-params';
import { ListControls } from './list-controls';

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

describe('the list view sent to the server', () => {
  it('maps each sort to the API order and whole years to release-date bounds', () => {
    expect(viewParams(viewOf({ sort: 'default', from: null, to: null }))).toEqual({ query: '', key: [] });
    expect(viewParams(viewOf({ sort: 'rating', from: 1990, to: 2005 }))).toEqual({
      query:
        '&sort_by=vote_average.desc&primary_release_date.gte=1990-01-01&primary_release_date.lte=2005-12-31',
      key: [
        'sort_by=vote_average.desc&primary_release_date.gte=1990-01-01&primary_release_date.lte=2005-12-31',
      ],
    });
    expect(viewParams(viewOf({ sort: 'newest', from: null, to: null })).query).toBe(
      '&sort_by=primary_release_date.desc',
    );
    expect(viewParams(viewOf({ sort: 'oldest', from: null, to: 1950 })).query).toBe(
      '&sort_by=primary_release_date.asc&primary_release_date.lte=1950-12-31',
    );
    expect(viewParams({ ...viewOf({ sort: 'popularity', from: null, to: null }), hide: true })).toEqual({
      query: '&sort_by=popularity.desc&hide_seen=true',
      key: ['sort_by=popularity.desc', 'hide-seen'],
    });
  });

  it('turns a reversed year range round', () => {
    expect(parseListParams(new URLSearchParams('from=2010&to=1990'))).toMatchObject({ from: 1990, to: 2010 });
  });

  it('says how many were hidden, and whether of the list or of this page', () => {
    expect(hiddenPart(undefined, false)).toBe('');
    expect(hiddenPart(0, false)).toBe('');
    expect(hiddenPart(3, false)).toBe(' · 3 hidden');
    expect(hiddenPart(2, true)).toBe(' · 2 hidden on this page');
  });
});

function Harness() {
  const params = useListParams();
  return (
    <>
      <ListControls params={params} defaultLabel="Best match" />
      <button type="button" onClick={() => params.update({ page: params.page + 1 })}>
        next page
      </button>
    </>
  );
}

let catalog: { movies: number; reference_date: string } | null = null;
let api: Awaited<ReturnType<typeof startApiFixture>>;
beforeAll(async () => {
  api = await startApiFixture((req, res) => {
    if (req.url === '/api/config') return json(res, { ...siteConfig(), catalog });
    return json(res, null);
  });
});
afterAll(() => api.close());

describe(lastYearOf.name, () => {
  it("ends at the offline catalog's reference year, and at next year live", () => {
    expect(lastYearOf({ catalog: { movies: 45_000, reference_date: '2017-07-12' } })).toBe(2017);
    expect(lastYearOf({ catalog: null })).toBe(LAST_YEAR);
    expect(lastYearOf(undefined)).toBe(LAST_YEAR);
    expect(lastYearOf({ catalog: { movies: 1, reference_date: 'soon' } })).toBe(LAST_YEAR);
  });
});

describe('ListControls', () => {
  it('offers the years the catalog has films of, newest first', async () => {
    catalog = { movies: 45_000, reference_date: '2017-07-12' };
    renderWithApp(<Harness />);
    const years = () =>
      [...(screen.getByLabelText('To') as HTMLSelectElement).options].map((o) => o.textContent);
    await waitFor(() => expect(years()[1]).toBe('2017'));
    expect(years()).toHaveLength(1 + 2017 - 1900 + 1);
    expect(years().at(-1)).toBe('1900');
    catalog = null;
  });

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
    fireEvent.click(screen.getByRole('button', { name: 'Reset' }));
    expect(app.search()).toBe('');
  });
});
