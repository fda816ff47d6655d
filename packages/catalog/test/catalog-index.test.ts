import { describe, expect, it, vi } from 'vitest';
import {
  CatalogIndex,
  MAX_PAGES,
  PAGE_SIZE,
  paginate,
  referenceDate,
  referenceDateBySort,
  significantWords,
  TOP_RATED_MIN_VOTES,
  MovieIdMap,
} from '../src/catalog-index';
import type { CatalogMovie } from '../src/types';
import { catalogFileOf, type Row } from './fixture-csv';

function indexOf(rows: Row[], opts: { deferSearchIndex?: boolean } = {}): CatalogIndex {
  return new CatalogIndex(catalogFileOf(rows), opts);
}

describe(paginate.name, () => {
  const items = Array.from({ length: 45 }, (_, i) => i);
  it('pages by 20 from 1, and a page past the end is empty', () => {
    expect(paginate(items, 1)).toMatchObject({ page: 1, total_pages: 3, total_results: 45 });
    expect(paginate(items, 1).results).toHaveLength(PAGE_SIZE);
    expect(paginate(items, 3).results).toEqual([40, 41, 42, 43, 44]);
    expect(paginate(items, 4).results).toEqual([]);
  });
  it('caps total_pages at 500 as TMDB does', () => {
    const many = Array.from({ length: PAGE_SIZE * (MAX_PAGES + 10) }, (_, i) => i);
    expect(paginate(many, 1).total_pages).toBe(MAX_PAGES);
    expect(paginate(many, 501).results).toEqual([]);
  });
});

describe(MovieIdMap.name, () => {
  it('finds every movie by id as a Map would, the last of a repeated id, and nothing for others', () => {
    let seed = 7;
    const next = () => (seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0);
    // Ids that share low and high bits, TMDB-sized and synthetic-sized ones, and one repeated.
    const ids = Array.from({ length: 5000 }, (_, i) =>
      i % 3 === 0 ? i * 1024 : i % 3 === 1 ? 100_000_000 + i : next() % 2_000_000,
    );
    ids.push(ids[10]!);
    const movies = ids.map((id, i) => ({ id, title: `m${i}` }) as CatalogMovie);
    const byId = new MovieIdMap(movies);
    const reference = new Map(movies.map((m) => [m.id, m]));
    expect(byId.size).toBe(reference.size);
    for (const id of reference.keys()) expect(byId.get(id)).toBe(reference.get(id));
    expect(byId.get(ids[10]!)!.title).toBe('m5000');
    expect([...byId.values()].sort((a, b) => a.id - b.id)).toEqual(
      [...reference.values()].sort((a, b) => a.id - b.id),
    );
    expect([...byId.keys()].sort((a, b) => a - b)).toEqual([...reference.keys()].sort((a, b) => a - b));
    for (const id of [-1, 1, 3_000_000, 2 ** 40, 1.5, Number.NaN]) {
      if (reference.has(id)) continue;
      expect(byId.get(id)).toBeUndefined();
      expect(byId.has(id)).toBe(false);
    }
    expect(new MovieIdMap([]).get(0)).toBeUndefined();
  });
});

describe(CatalogIndex.name, () => {
  const rows: Row[] = [
    {
      id: 1,
      title: 'Interstellar',
      popularity: 30,
      vote_average: 8.1,
      vote_count: 11000,
      release_date: '2014-11-05',
      genres: "[{'id': 878, 'name': 'Science Fiction'}]",
    },
    {
      id: 2,
      title: 'Interstella 5555',
      popularity: 2,
      vote_average: 7.5,
      vote_count: 90,
      release_date: '2003-05-28',
      genres: "[{'id': 16, 'name': 'Animation'}]",
    },
    {
      id: 3,
      title: 'The Godfather',
      popularity: 40,
      vote_average: 8.5,
      vote_count: 6000,
      release_date: '1972-03-14',
      genres: "[{'id': 18, 'name': 'Drama'}, {'id': 80, 'name': 'Crime'}]",
    },
    {
      id: 4,
      title: 'Obscure Gem',
      popularity: 0.5,
      vote_average: 9.8,
      vote_count: 12,
      release_date: '2017-06-30',
    },
    {
      id: 5,
      title: 'New Blockbuster',
      popularity: 50,
      vote_average: 6.5,
      vote_count: 800,
      release_date: '2017-07-01',
      genres: "[{'id': 28, 'name': 'Action'}]",
    },
    { id: 6, title: 'Upcoming', popularity: 99, status: 'Post Production', release_date: '2018-01-01' },
    {
      id: 7,
      title: 'Last Year Hit',
      popularity: 45,
      vote_count: 900,
      release_date: '2016-07-01',
      genres: "[{'id': 28, 'name': 'Action'}]",
    },
  ];
  const index = indexOf(rows);

  it('the reference date by day numbers equals the string sort, on random dates and odd ones', () => {
    let seed = 7;
    const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const pad = (x: number, w: number) => String(x).padStart(w, '0');
    for (const size of [1, 3, 999, 1000, 1001, 5000]) {
      const movies = Array.from({ length: size }, (_, i) => ({
        id: i,
        status: rand() < 0.9 ? 'Released' : 'Post Production',
        release_date:
          rand() < 0.05
            ? null
            : `${pad(1890 + Math.floor(rand() * 140), 4)}-${pad(1 + Math.floor(rand() * 12), 2)}-${pad(1 + Math.floor(rand() * 28), 2)}`,
      })) as unknown as CatalogMovie[];
      expect(referenceDate(movies)).toBe(referenceDateBySort(movies));
    }
    // A date in another form: the string sort decides, as before.
    const odd = [
      { id: 1, status: 'Released', release_date: '2017-7-1' },
      { id: 2, status: 'Released', release_date: '2016-12-31' },
    ] as unknown as CatalogMovie[];
    expect(referenceDate(odd)).toBe('2017-7-1');
  });

  it('takes the newest release date of a released movie as its reference date', () => {
    expect(index.referenceDate).toBe('2017-07-01');
    expect(referenceDate([])).toBe('1970-01-01');
  });

  it('lists released movies by popularity, leaving out unreleased ones', () => {
    expect(index.popular.map((m) => m.id)).toEqual([5, 7, 3, 1, 2, 4]);
  });

  it(`ranks top rated by vote average among movies with at least ${TOP_RATED_MIN_VOTES} votes`, () => {
    expect(index.topRated.map((m) => m.id)).toEqual([3, 1, 5, 7]);
  });

  it('now playing holds only recent releases; trending decays popularity with age', () => {
    expect(index.nowPlaying.map((m) => m.id)).toEqual([5, 4]);
    expect(index.trending.map((m) => m.id)).toEqual([5, 7, 4]);
  });

  it('discovers by genre: a,b needs all, a|b any', () => {
    expect(index.discover([28], 'all').map((m) => m.id)).toEqual([5, 7]);
    expect(index.discover([18, 80], 'all').map((m) => m.id)).toEqual([3]);
    expect(index.discover([80, 16], 'any').map((m) => m.id)).toEqual([3, 2]);
    expect(index.discover([99], 'all')).toEqual([]);
  });

  it('finds titles with typos and prefixes, better known first', () => {
    expect(index.searchTitles('interstelar')[0]!.id).toBe(1);
    expect(index.searchTitles('interst').map((m) => m.id)).toEqual([1, 2]);
    expect(index.searchTitles('godfa')[0]!.id).toBe(3);
    expect(index.searchTitles('the godfather')[0]!.id).toBe(3);
    expect(index.searchTitles('   ')).toEqual([]);
    expect(index.searchTitles('zzzzqqq')).toEqual([]);
  });

  it('can build its title index later, in the background, with the same answers', async () => {
    const deferred = indexOf(rows, { deferSearchIndex: true });
    expect(deferred.searchIndexReady).toBe(false);
    expect(deferred.popular.map((m) => m.id)).toEqual(index.popular.map((m) => m.id));
    const building = deferred.buildSearchIndex();
    await building;
    expect(deferred.searchIndexReady).toBe(true);
    expect(deferred.buildSearchIndex()).toBe(building);
    for (const q of ['interstelar', 'interst', 'godfa', 'the godfather', 'in', 'g', 'new'])
      expect(deferred.searchTitles(q)).toEqual(index.searchTitles(q));
  });

  it('answers an article and one character ("the g") from lists made once the index is built, as they would be computed', async () => {
    const titles = [
      'The Godfather',
      'The Green Mile',
      'The Game',
      'Gone Girl',
      'A Ghost Story',
      'The Girl',
      'Gattaca',
    ];
    const many: Row[] = titles.map((title, i) => ({
      id: 100 + i,
      title,
      popularity: 50 - i,
      vote_average: 7,
      vote_count: 1000,
      release_date: '2000-01-01',
      genres: "[{'id': 18, 'name': 'Drama'}]",
    }));
    const atOnce = indexOf(many);
    const built = indexOf(many, { deferSearchIndex: true });
    await built.buildSearchIndex();
    // The kept answers are what answers them: the index is never consulted for these queries.
    const consulted = vi.spyOn(
      built as unknown as { completeSearchIndex: () => unknown },
      'completeSearchIndex',
    );
    // Whatever the case and spacing; the index built at once (no lists made) computes each.
    for (const q of ['the g', 'The  G', 'a g', 'an x', 'the 2'])
      for (const limit of [1, 2, 6, 200]) {
        const made = built.searchTitlesTop(q, limit);
        expect(made).toEqual(atOnce.searchTitlesTop(q, limit));
        expect(made.movies.length).toBeLessThanOrEqual(limit);
      }
    expect(
      built
        .searchTitlesTop('the g', 6)
        .movies.slice(0, 4)
        .map((m) => m.title)
        .sort(),
    ).toEqual(['The Game', 'The Girl', 'The Godfather', 'The Green Mile']);
    expect(built.searchTitlesTop('the g', 2).total).toBeGreaterThan(2);
    expect(consulted).not.toHaveBeenCalled();
    built.searchTitlesTop('the go', 6);
    expect(consulted).toHaveBeenCalled();
  });

  it('completes a deferred title index when searched before it is built', () => {
    const deferred = indexOf(rows, { deferSearchIndex: true });
    expect(deferred.searchTitles('interstelar').map((m) => m.id)).toEqual(
      index.searchTitles('interstelar').map((m) => m.id),
    );
    expect(deferred.searchIndexReady).toBe(true);
  });
});

describe('a title typed whole (decision 0057)', () => {
  const index = indexOf([
    { id: 1, title: 'Internal Affairs', popularity: 9, vote_count: 3000, release_date: '1990-01-12' },
    {
      id: 2,
      title: 'Infernal Affairs',
      original_title: '無間道',
      popularity: 9,
      vote_count: 500,
      release_date: '2002-12-12',
    },
    { id: 3, title: 'Killer Elite', popularity: 30, vote_count: 700, release_date: '2011-09-23' },
    {
      id: 4,
      title: 'The Killer',
      original_title: '喋血雙雄',
      popularity: 8,
      vote_count: 200,
      release_date: '1989-07-06',
    },
    { id: 5, title: 'Killer Joe', popularity: 20, vote_count: 430, release_date: '2011-09-08' },
    { id: 6, title: 'Better Luck Tomorrow', popularity: 12, vote_count: 300, release_date: '2002-01-01' },
    {
      id: 7,
      title: 'A Better Tomorrow',
      original_title: '英雄本色',
      popularity: 6,
      vote_count: 100,
      release_date: '1986-08-02',
    },
    { id: 8, title: 'The Killer', popularity: 2, vote_count: 5, release_date: '2010-01-01' },
  ]);
  const titles = (q: string) => index.searchTitles(q).map((m) => m.id);

  it('puts the films with that exact title first, by popularity, then the other matches as before', () => {
    expect(titles('the killer')).toEqual([4, 8, 3, 5]);
    expect(titles('The Killer!')).toEqual([4, 8, 3, 5]);
    expect(titles('a better tomorrow')).toEqual([7, 6]);
    // A title in another script, typed whole, is a title too.
    expect(titles('無間道')).toEqual([2]);
    // Not the whole title: relevance as before.
    expect(titles('killer')[0]).toBe(3);
  });

  it('counts a title typed without its leading article as that title, where the bare words are a title too', () => {
    const index = indexOf([
      { id: 1, title: 'Godfather', popularity: 1, vote_count: 10, release_date: '1991-01-01' },
      { id: 2, title: 'The Godfather', popularity: 80, vote_count: 9000, release_date: '1972-03-14' },
      {
        id: 3,
        title: 'The Godfather: Part II',
        popularity: 40,
        vote_count: 5000,
        release_date: '1974-12-20',
      },
      { id: 4, title: 'A Godfather', popularity: 3, vote_count: 20, release_date: '2001-01-01' },
    ]);
    const titles = (q: string) => index.searchTitles(q).map((m) => m.id);
    // Both are the title "godfather" to the reader: the better known leads.
    expect(titles('godfather').slice(0, 3)).toEqual([2, 4, 1]);
    // Typed with its article, the title is that one alone.
    expect(titles('the godfather')[0]).toBe(2);
  });
});

describe('as you type (decision 0064)', () => {
  const index = indexOf([
    { id: 1, title: 'Spirit', popularity: 1, vote_count: 9, release_date: '2010-01-01' },
    { id: 2, title: 'Spirited Away', popularity: 60, vote_count: 4000, release_date: '2001-07-20' },
    { id: 3, title: 'The Spirit', popularity: 5, vote_count: 320, release_date: '2008-12-25' },
    { id: 4, title: 'Teen Spirit', popularity: 2, vote_count: 80, release_date: '2011-01-01' },
    { id: 5, title: 'Alien', popularity: 40, vote_count: 5000, release_date: '1979-05-25' },
    { id: 6, title: 'Aliens', popularity: 35, vote_count: 3500, release_date: '1986-07-18' },
    { id: 7, title: 'Star Trek', popularity: 30, vote_count: 5500, release_date: '2009-05-06' },
    { id: 8, title: 'Star Wars', popularity: 50, vote_count: 6800, release_date: '1977-05-25' },
    { id: 9, title: 'Star Trek Into Darkness', popularity: 25, vote_count: 4000, release_date: '2013-05-05' },
    { id: 10, title: 'La La Land', popularity: 45, vote_count: 7000, release_date: '2016-11-29' },
    { id: 11, title: 'Logan', popularity: 70, vote_count: 6300, release_date: '2017-02-28' },
    { id: 12, title: 'Gattaca', popularity: 15, vote_count: 2300, release_date: '1997-09-07' },
    { id: 13, title: 'Dead', popularity: 1, vote_count: 30, release_date: '2015-01-01' },
    { id: 14, title: 'Dead or Alive', popularity: 1, vote_count: 34, release_date: '2002-01-01' },
    { id: 15, title: 'Deadpool', popularity: 90, vote_count: 11400, release_date: '2016-02-09' },
  ]);
  const titles = (q: string) => index.searchTitles(q).map((m) => m.id);

  it('puts the far better known film a typed word starts first, the title that is the word second', () => {
    // The word itself is the title of two obscure films; the film most people mean continues it.
    expect(titles('spirit').slice(0, 2)).toEqual([2, 3]);
    expect(titles('dead').slice(0, 2)).toEqual([15, 13]);
    // Comparably known: the title that is the word stays first.
    expect(titles('alien').slice(0, 2)).toEqual([5, 6]);
    // Two words typed whole: that title first, whatever else is better known.
    expect(titles('the spirit')[0]).toBe(3);
  });

  it('keeps a last single letter as the start of the next word', () => {
    expect(titles('star w')).toEqual([8]);
    expect(titles('star t').slice(0, 2)).toEqual([7, 9]);
    // Nothing but small words before it: they are the query then.
    expect(titles('la la l')[0]).toBe(10);
  });

  it('reaches two slips in a word of seven or eight letters when nothing else matches', () => {
    expect(titles('gatacca')).toEqual([12]);
    // Where a word is one edit away, the wider tolerance is not tried.
    expect(titles('spirted')).toEqual([2]);
  });
});

describe('a year typed after the title (decision 0057)', () => {
  const index = indexOf([
    { id: 1, title: 'Dune', popularity: 5, vote_count: 800, release_date: '1984-12-14' },
    { id: 2, title: 'Dune', popularity: 90, vote_count: 9000, release_date: '2021-09-15' },
    { id: 3, title: 'Death Race', popularity: 20, vote_count: 1500, release_date: '2008-08-22' },
    { id: 4, title: 'Death Race 2000', popularity: 4, vote_count: 200, release_date: '1975-04-27' },
    { id: 5, title: 'Dune Drifter', popularity: 1, vote_count: 10, release_date: '1984-01-01' },
  ]);
  const titles = (q: string) => index.searchTitles(q).map((m) => m.id);

  it("puts that year's films first among the titles of the other words", () => {
    expect(titles('dune')).toEqual([2, 1, 5]);
    expect(titles('dune 1984')).toEqual([1, 5, 2]);
    // No film of that year among them: any of the words, as for other queries (that year first).
    expect(titles('dune 1999').slice(0, 3)).toEqual([2, 1, 5]);
    expect(titles('dune race 1975')[0]).toBe(4);
  });

  it('leaves a number that is in a title to the title', () => {
    expect(titles('death race 2000')[0]).toBe(4);
  });
});

describe('hyphenated titles typed as one word (decision 0057)', () => {
  const index = indexOf([
    { id: 1, title: 'Spider-Man', popularity: 40, vote_count: 5000, release_date: '2002-05-01' },
    {
      id: 2,
      title: 'Spiderman: The Ultimate Villain Showdown',
      popularity: 1,
      vote_count: 3,
      release_date: '2002-01-01',
    },
    { id: 3, title: 'X-Men', popularity: 30, vote_count: 4000, release_date: '2000-07-13' },
    { id: 4, title: 'WALL·E', popularity: 35, vote_count: 6000, release_date: '2008-06-22' },
    {
      id: 5,
      title: 'Spider-Man: Into the Spider-Verse',
      popularity: 50,
      vote_count: 3000,
      release_date: '2018-12-06',
    },
  ]);
  const titles = (q: string) => index.searchTitles(q).map((m) => m.id);

  it('finds them by the words joined', () => {
    expect(titles('spiderman').slice(0, 2).sort()).toEqual([1, 5]);
    expect(titles('spiderman')).toContain(2);
    expect(titles('xmen')).toEqual([3]);
    expect(titles('walle')).toEqual([4]);
    expect(titles('spiderverse')).toEqual([5]);
    // Typed as it is written, as before.
    expect(titles('spider-man')[0]).toBe(1); // its whole title
    expect(titles('x men')).toEqual([3]);
  });
});

describe('titles of letters with dots or stars, or with a fraction sign, typed without them (decision 0068)', () => {
  const index = indexOf([
    {
      id: 1,
      title: 'E.T. the Extra-Terrestrial',
      popularity: 20,
      vote_count: 3300,
      release_date: '1982-06-11',
    },
    {
      id: 2,
      title: 'Eternal Sunshine of the Spotless Mind',
      popularity: 30,
      vote_count: 5800,
      release_date: '2004-03-19',
    },
    { id: 3, title: 'M*A*S*H', popularity: 8, vote_count: 400, release_date: '1970-01-25' },
    { id: 4, title: 'Mash', popularity: 1, vote_count: 2, release_date: '2010-01-01' },
    { id: 5, title: 'L.A. Confidential', popularity: 15, vote_count: 2100, release_date: '1997-09-19' },
    { id: 6, title: 'The Man from U.N.C.L.E.', popularity: 18, vote_count: 2800, release_date: '2015-08-13' },
    { id: 7, title: 'Dr. Strangelove', popularity: 12, vote_count: 1500, release_date: '1964-01-29' },
    { id: 8, title: '8½', popularity: 9, vote_count: 380, release_date: '1963-02-14' },
    { id: 9, title: 'Nine 1/2 Weeks', popularity: 9, vote_count: 500, release_date: '1986-02-14' },
    { id: 10, title: 'Mad Ethel', popularity: 60, vote_count: 900, release_date: '2001-01-01' },
  ]);
  const titles = (q: string) => index.searchTitles(q).map((m) => m.id);

  it('finds them by the letters joined', () => {
    // Two letters list the titles starting so by popularity, then the others: E.T. starts with "et".
    expect(titles('et')).toEqual([2, 1, 10]);
    expect(titles('et the ext')).toEqual([1]);
    expect(titles('mash').slice(0, 2).sort()).toEqual([3, 4]);
    expect(titles('la confidential')).toEqual([5]);
    expect(titles('man from uncle')).toEqual([6]);
    // Typed as written, as before; a word ending with a dot is not an abbreviation.
    expect(titles('e.t.')[0]).toBe(1);
    expect(titles('l a confidential')).toEqual([5]);
    expect(titles('dr strangelove')).toEqual([7]);
  });

  it('finds a number written with a fraction sign as it is typed', () => {
    expect(titles('8 1/2')).toEqual([8]);
    expect(titles('8½')).toEqual([8]);
    expect(titles('nine 1/2 weeks')).toEqual([9]);
  });
});

describe('numbers written as words or digits (decision 0070)', () => {
  const index = indexOf([
    { id: 1, title: "Ocean's Eleven", popularity: 30, vote_count: 4300, release_date: '2001-12-07' },
    { id: 2, title: 'Seven Samurai', popularity: 15, vote_count: 1500, release_date: '1954-04-26' },
    { id: 3, title: '12 Angry Men', popularity: 20, vote_count: 2300, release_date: '1957-03-25' },
    { id: 4, title: 'Toy Story 3', popularity: 60, vote_count: 4700, release_date: '2010-06-16' },
    { id: 5, title: 'Three Kings', popularity: 10, vote_count: 900, release_date: '1999-09-27' },
    // Each holds one of the words typed: without the twins, they are what any word finds.
    { id: 6, title: '11-11-11', popularity: 2, vote_count: 60, release_date: '2011-11-11' },
    { id: 7, title: 'The Last Samurai', popularity: 25, vote_count: 4000, release_date: '2003-12-05' },
    { id: 8, title: 'Furious 7', popularity: 35, vote_count: 5000, release_date: '2015-04-01' },
    { id: 9, title: 'The Angry Birds Movie', popularity: 20, vote_count: 1800, release_date: '2016-05-11' },
  ]);
  const titles = (q: string) => index.searchTitles(q).map((m) => m.id);

  it('finds a number typed either way', () => {
    expect(titles('oceans 11')).toEqual([1]);
    expect(titles('7 samurai')).toEqual([2]);
    expect(titles('twelve angry men')).toEqual([3]);
    expect(titles('12 angry men')).toEqual([3]);
  });

  it('leaves a sequel number under ten to the digit', () => {
    expect(titles('three')).toEqual([5]);
  });
});

describe('roman numerals, superscript numbers and words typed without spaces (decision 0071)', () => {
  const index = indexOf([
    { id: 1, title: 'Rocky II', popularity: 20, vote_count: 1300, release_date: '1979-06-15' },
    {
      id: 2,
      title: 'Camp Rock 2: The Final Jam',
      popularity: 5,
      vote_count: 300,
      release_date: '2010-09-03',
    },
    { id: 3, title: 'Alien³', popularity: 25, vote_count: 2600, release_date: '1992-05-22' },
    { id: 4, title: 'Alien', popularity: 40, vote_count: 5000, release_date: '1979-05-25' },
    { id: 5, title: 'Wonder Woman', popularity: 90, vote_count: 6000, release_date: '2017-05-30' },
    { id: 6, title: 'Wonder Boys', popularity: 8, vote_count: 300, release_date: '2000-02-22' },
    {
      id: 7,
      title: 'Star Trek IV: The Voyage Home',
      popularity: 10,
      vote_count: 600,
      release_date: '1986-11-25',
    },
    { id: 8, title: 'I Am Legend', popularity: 30, vote_count: 4000, release_date: '2007-12-14' },
    { id: 9, title: 'Toy Story', popularity: 70, vote_count: 5400, release_date: '1995-10-30' },
    { id: 10, title: 'Mononoke', popularity: 1, vote_count: 20, release_date: '2001-01-01' },
  ]);
  const titles = (q: string) => index.searchTitles(q).map((m) => m.id);

  it('finds a roman numeral by its digits, and still by the numeral', () => {
    // Camp Rock 2 by a slip of one letter ("rock"), after the exact match.
    expect(titles('rocky 2')).toEqual([1, 2]);
    expect(titles('rocky ii')).toEqual([1]);
    expect(titles('star trek 4')).toEqual([7]);
    // "I" is a word, not "the first".
    expect(titles('1')).toEqual([]);
  });

  it('finds a superscript number as typed', () => {
    expect(titles('alien 3')).toEqual([3]);
    expect(titles('alien')[0]).toBe(4);
  });

  it('reads a word no title has as words typed without spaces', () => {
    expect(titles('wonderwoman')).toEqual([5]);
    expect(titles('wonderwom')).toEqual([5]);
    expect(titles('toystory')).toEqual([9]);
    // A word a title has is not split: "mononoke" is one ("mono noke" would be none).
    expect(titles('mononoke')).toEqual([10]);
    // Nothing reads so: nothing found, as before.
    expect(titles('qqqqqqqq')).toEqual([]);
  });
});

describe('a reading of words run together is the words of a title run together (decision 0071)', () => {
  const index = indexOf([
    { id: 1, title: 'Dogtooth', popularity: 10, vote_count: 700, release_date: '2009-05-18' },
    // Has both words of "go tooth", apart: no title runs them together.
    { id: 2, title: 'Tooth and Nail: Go West', popularity: 30, vote_count: 3000, release_date: '2009-01-01' },
    { id: 3, title: 'Life of Pi', popularity: 40, vote_count: 6000, release_date: '2012-11-20' },
    { id: 4, title: 'Pi', popularity: 10, vote_count: 900, release_date: '1998-07-10' },
    { id: 5, title: 'Kung Fu Panda', popularity: 50, vote_count: 5000, release_date: '2008-06-04' },
    { id: 6, title: 'Kung Fu Hustle', popularity: 20, vote_count: 1500, release_date: '2004-02-10' },
    { id: 7, title: 'Die Hard', popularity: 40, vote_count: 5000, release_date: '1988-07-15' },
    { id: 8, title: 'Richard III', popularity: 5, vote_count: 200, release_date: '1995-12-29' },
  ]);
  const titles = (q: string) => index.searchTitles(q).map((m) => m.id);

  it('takes a reading only where a title has the words run together, in order', () => {
    // "go tooth" finds Tooth and Nail: Go West, whose words are apart: two slips find Dogtooth
    // (and "tooth", Tooth and Nail after it).
    expect(titles('gotooth')).toEqual([1, 2]);
    // With a year after it, the same.
    expect(titles('gotooth 2009')[0]).toBe(1);
    expect(titles('lifeofpi')).toEqual([3]);
  });

  it('reads whole words before two slips, and a word being typed after them', () => {
    // "diehard" is Die Hard, not Richard III (two slips).
    expect(titles('diehard')).toEqual([7]);
    // The last word cut: "kung fu pan…" is Kung Fu Panda, not Kung Fu Hustle.
    expect(titles('kungfupan')).toEqual([5]);
  });
});

describe('a title typed from its start (decision 0069)', () => {
  const index = indexOf([
    { id: 1, title: 'Before Sunset', popularity: 20, vote_count: 1500, release_date: '2004-02-10' },
    { id: 2, title: 'Sunset Blvd.', popularity: 10, vote_count: 800, release_date: '1950-08-10' },
    { id: 3, title: 'Seventh Son', popularity: 20, vote_count: 1000, release_date: '2014-12-12' },
    { id: 4, title: 'The Seventh Seal', popularity: 10, vote_count: 700, release_date: '1957-02-16' },
    { id: 5, title: 'The Lion King', popularity: 90, vote_count: 9000, release_date: '1994-06-23' },
    { id: 6, title: 'Kingpin', popularity: 5, vote_count: 30, release_date: '1996-07-26' },
  ]);
  const titles = (q: string) => index.searchTitles(q).map((m) => m.id);

  it('puts the title that starts with the words typed before one holding them elsewhere', () => {
    expect(titles('sunset b')).toEqual([2, 1]);
    expect(titles('the seventh s')).toEqual([4, 3]);
    // Both start with "seventh s" (the article left out): the better known first.
    expect(titles('seventh s')).toEqual([3, 4]);
  });

  it('leaves a far better known match first', () => {
    expect(titles('king')[0]).toBe(5);
  });

  it('knows a title of one word repeated, and does not take an original title for a second word', () => {
    const more = indexOf([
      { id: 1, title: 'Liar Liar', popularity: 20, vote_count: 2400, release_date: '1997-03-21' },
      { id: 2, title: 'Little Liar', popularity: 20, vote_count: 3000, release_date: '2014-01-01' },
      {
        id: 3,
        title: 'Burn!',
        original_title: 'Queimada',
        popularity: 5,
        vote_count: 300,
        release_date: '1969-12-19',
      },
      { id: 4, title: 'Burn Quietly', popularity: 5, vote_count: 200, release_date: '2001-01-01' },
    ]);
    const ids = (q: string) => more.searchTitles(q).map((m) => m.id);
    expect(ids('liar li')[0]).toBe(1);
    // Burn! (its original title Queimada) does not start with "burn qu"; Burn Quietly does.
    expect(ids('burn qu')[0]).toBe(4);
  });
});

describe('one- to three-letter queries (the short-prefix index)', () => {
  const titles: [string, string?][] = [
    ['The Godfather'],
    ['Godzilla'],
    ['The'],
    ['The', 'Thé Original'],
    ['...', 'Gods and Monsters'],
    ['Star Wars'],
    ['Stardust', 'Sternenstaub'],
    ['Amélie', 'Le Fabuleux Destin d’Amélie Poulain'],
    ['The Star'],
    ['Go'],
    ['A Star Is Born'],
    ['2001: A Space Odyssey'],
    ['Théâtre of Blood'],
    ['The  Gods Must Be Crazy'],
  ];
  const index = indexOf(
    titles.map(([title, original], i) => ({
      id: i + 1,
      title,
      ...(original ? { original_title: original } : {}),
      popularity: 100 - i * 3,
      vote_count: 10,
      release_date: '2001-01-01',
    })),
  );
  /** What the index replaced: a scan of every title, in popularity order. */
  const scan = (prefix: string) => {
    const norm = (s: string) =>
      s
        .toLowerCase()
        .normalize('NFD')
        .replace(/[\u0300-\u036f]/g, '')
        .replace(/[^\p{L}\p{N}]+/gu, ' ')
        .trim();
    const starts: number[] = [];
    const contains: number[] = [];
    for (const m of index.popular) {
      const t = ` ${norm(m.title)} ${norm(m.original_title)}`;
      if (t.startsWith(` ${prefix}`) || t.startsWith(` the ${prefix}`)) starts.push(m.id);
      else if (t.includes(` ${prefix}`)) contains.push(m.id);
    }
    return starts.concat(contains);
  };

  it('answers exactly what a scan of every title finds, in the same order', () => {
    const prefixes = new Set<string>(['x', 'zz', 'q1']);
    for (const [title, original] of titles)
      for (const word of `${title} ${original ?? ''}`.toLowerCase().split(/[^a-z0-9éâ]+/))
        for (let n = 1; n <= 3; n++) if (word.length >= n) prefixes.add(word.slice(0, n));
    for (const p of prefixes) {
      const query = significantWords(p);
      if (query.length !== 1 || query[0]!.length > 3) continue;
      expect(
        index.searchTitles(p).map((m) => m.id),
        p,
      ).toEqual(scan(query[0]!));
    }
    // Titles starting with the word (or after "the") first, better known first.
    expect(index.searchTitles('go').map((m) => m.id)).toEqual([1, 2, 10, 14, 5]);
    expect(index.searchTitles('st').map((m) => m.id)).toEqual([6, 7, 9, 11]);
  });
});

describe(significantWords.name, () => {
  it.each([
    ['The Godfather', ['godfather']],
    ['the', ['the']],
    ['war of th', ['war']],
    ['star w', ['star', 'w']],
    ['la la l', ['la', 'la', 'l']],
    ['toy story 2', ['toy', 'story', '2']],
    ['Amélie', ['amelie']],
    ['  Mission: Impossible  ', ['mission', 'impossible']],
    ['one two three four five six', ['one', 'two', 'three', 'four']],
    ['   ', []],
  ])('%j → %j', (query, words) => {
    expect(significantWords(query)).toEqual(words);
  });
});
