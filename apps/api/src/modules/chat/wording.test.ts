import type { CatalogMovie } from '@app/catalog';
import { describe, expect, it } from 'vitest';
import { emptyQuery } from './understand/query';
import { genrePhrase, intro, notInCatalog, NOT_IN_CATALOG, reasonFor, restate } from './wording';

const m = (over: Partial<CatalogMovie>): CatalogMovie =>
  ({
    id: 1,
    title: 'Film',
    release_date: '1994-05-01',
    vote_average: 7.1,
    vote_count: 900,
    runtime: 101,
    original_language: 'en',
    genre_ids: [18],
    keywords: [],
    overview: 'A retired thief plans one last job. It goes wrong.',
    ...over,
  }) as CatalogMovie;

describe('wording', () => {
  it("names a film's genres as a person would", () => {
    expect(genrePhrase([80, 18])).toBe('crime drama');
    expect(genrePhrase([16, 35, 10751])).toBe('animated comedy');
    expect(genrePhrase([10749, 35])).toBe('romantic comedy');
    expect(genrePhrase([28, 878])).toBe('sci-fi action film');
  });

  it('gives a specific reason: era, kind, the theme asked for, what it is about', () => {
    const q = { ...emptyQuery(), keywordsIn: ['heist'] };
    const reason = reasonFor(
      {
        movie: m({ genre_ids: [80, 18], keywords: ['heist'] }),
        matched: ['heist'],
        semantic: 0,
        similarity: 0,
      },
      q,
      null,
    );
    expect(reason).toBe('A 90s crime drama about heist. A retired thief plans one last job.');
  });

  it('compares with the named film by what they share, and says the language when it is not English', () => {
    const seed = m({ id: 2, title: 'Heat', keywords: ['heist', 'los angeles'] });
    const reason = reasonFor(
      {
        movie: m({ original_language: 'fr', keywords: ['heist'] }),
        matched: [],
        semantic: 0,
        similarity: 0.6,
      },
      emptyQuery(),
      seed,
    );
    expect(reason).toMatch(/^Like Heat, a 90s drama in French\. A retired thief/);
  });

  it('restates only what the user asked for', () => {
    const q = {
      ...emptyQuery(),
      genreGroups: [[27]],
      impliedOut: [10751],
      genresOut: [35],
      yearFrom: 1980,
      yearTo: 1989,
      runtimeMax: 100,
      minRating: 7,
    };
    expect(restate(q, null, 5)).toBe(
      'horror films from the 1980s under 100 minutes rated 7.0 or more without comedy',
    );
    expect(
      intro(
        {
          ...emptyQuery(),
          moods: ['feel-good'],
          genreGroups: [[35, 10751]],
          impliedOut: [27],
          soft: { dark: -1 },
        },
        null,
        3,
      ),
    ).toBe('Here are 3 feel-good films:');
  });

  it('says a missing title plainly, with the nearest one as a question', () => {
    const text = notInCatalog('Frozen II', m({ id: 109445, title: 'Frozen', release_date: '2013-11-27' }));
    expect(text).toContain(`"Frozen II" ${NOT_IN_CATALOG}`);
    expect(text).toContain('The closest title I have is **[Frozen](/movie/109445)** (2013)');
  });
});
