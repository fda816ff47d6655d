import type { CatalogMovie } from '@app/catalog';
import { describe, expect, it } from 'vitest';
import { emptyQuery, type Query } from './understand/query';
import {
  afterCatalog,
  firstSentence,
  genrePhrase,
  intro,
  notes,
  notInCatalog,
  NOT_IN_CATALOG,
  reasonFor,
  reasonsFor,
  restate,
} from './wording';

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

  it('names a film by its main genres, the first two listed (decision 0106)', () => {
    // Forrest Gump (Comedy, Drama, Romance) is no "romantic comedy"; La Dolce Vita (Comedy, Drama).
    expect(genrePhrase([35, 18, 10749])).toBe('comedy-drama');
    expect(genrePhrase([35, 18])).toBe('comedy-drama');
    // Joyeux Noël (Romance, Drama, History, War, Music) is a romantic drama, not a musical.
    expect(genrePhrase([10749, 18, 36, 10752, 10402])).toBe('romantic drama');
    // Must not move: the usual pairs, and a single genre.
    expect(genrePhrase([53, 27])).toBe('horror thriller');
    expect(genrePhrase([10751, 12, 16])).toBe('family adventure');
    expect(genrePhrase([35])).toBe('comedy');
  });

  it('gives a specific reason: era, kind, the theme asked for in words, what it is about', () => {
    const q = { ...emptyQuery(), keywordsIn: ['heist'] };
    const reason = reasonFor(
      {
        movie: m({ genre_ids: [80, 18], keywords: ['heist', 'duringcreditsstinger'] }),
        matched: ['heist'],
        semantic: 0,
        similarity: 0,
      },
      q,
      null,
    );
    expect(reason).toMatch(/a heist/i);
    expect(reason).toMatch(/90s crime drama|crime drama from 1994|1994/);
    expect(reason).toContain('A retired thief plans one last job.');
    expect(reason).not.toContain('duringcreditsstinger');
  });

  it('compares with the named film by what they share, in words, and says a language that is not English', () => {
    const seed = m({ id: 2, title: 'Heat', keywords: ['heist', 'los angeles', 'woman director'] });
    const reason = reasonFor(
      {
        movie: m({
          original_language: 'fr',
          keywords: ['heist', 'woman director'],
          overview: 'A French crew plans one last job.',
        }),
        matched: [],
        semantic: 0,
        similarity: 0.6,
      },
      emptyQuery(),
      seed,
    );
    expect(reason).toContain('Heat');
    expect(reason).toContain('a heist');
    expect(reason).toContain('in French');
    expect(reason).not.toContain('woman director');
    expect(reason).not.toMatch(/^Like Heat, an? /);
  });

  it("says a language only when the film's own summary or keywords bear it out (decision 0096)", () => {
    const said = (overview: string, keywords: string[] = []) =>
      reasonFor(
        {
          movie: m({ original_language: 'fr', keywords, overview }),
          matched: [],
          semantic: 0,
          similarity: 0,
        },
        emptyQuery(),
        null,
      );
    // Recorded as French (the production's language), nothing in its text says so: no claim.
    expect(said('A hit man in New York takes in a young girl.')).not.toContain('in French');
    expect(said('A young woman in Paris sets out to help others.', ['france'])).toContain('in French');
  });

  it('varies the shape of the reasons across a reply: no two picks open alike, no raw tags', () => {
    const seed = m({
      id: 2,
      title: 'Heat',
      genre_ids: [80, 28],
      keywords: ['heist', 'los angeles', 'police'],
    });
    const picks = [3, 4, 5, 6, 7].map((id, i) => ({
      movie: m({
        id,
        title: `Film ${id}`,
        genre_ids: [80, [18, 53, 28, 35, 80][i]!],
        release_date: `${1975 + 9 * i}-01-01`,
        keywords: i % 2 ? ['heist', 'independent film'] : ['police', 'sequel'],
        overview: `Story number ${id} begins. Then more.`,
      }),
      matched: [],
      semantic: 0,
      similarity: 0.5,
    }));
    const cases: [Query, CatalogMovie | null][] = [
      [emptyQuery(), seed],
      [{ ...emptyQuery(), keywordsIn: ['heist'] }, null],
      [{ ...emptyQuery(), genreGroups: [[80]], moods: ['thrilling'] }, null],
      [{ ...emptyQuery(), genreGroups: [[80]] }, null],
    ];
    for (const [q, s] of cases) {
      const reasons = reasonsFor(
        picks.map((p) => ({ ...p, matched: q.keywordsIn.filter((k) => p.movie.keywords.includes(k)) })),
        q,
        s,
      );
      const openings = reasons.map((r) => r.split(' ').slice(0, 2).join(' '));
      expect(new Set(openings).size, reasons.join('\n')).toBe(reasons.length);
      for (const r of reasons) {
        expect(r).not.toMatch(/independent film|sequel|Tagged/);
        expect(r).not.toMatch(/^Like Heat, an? /);
      }
    }
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
    // A comparative is restated in the user's terms, never as what it implies.
    const lessScary = {
      ...emptyQuery(),
      genresOut: [27],
      soft: { dark: -1 },
      relative: true,
      comparative: 'less scary',
      instead: [9648, 14],
    };
    expect(restate(lessScary, null, 5)).toBe('films, nothing too scary');
    expect(restate({ ...lessScary, refined: true }, null, 5)).toBe('films, less scary this time');
    expect(
      restate(
        {
          ...lessScary,
          genreGroups: [[35]],
          moods: ['light-hearted'],
          comparative: 'more light-hearted',
          genresOut: [],
        },
        m({ title: 'Heat', id: 949, release_date: '1995-12-15' }),
        5,
      ),
    ).toBe('comedies like **[Heat](/movie/949)** (1995), but more light-hearted');
    // Themes as people name them; "not for kids" as what the filter does (no film tagged Family).
    expect(restate({ ...emptyQuery(), keywordsIn: ['heist'] }, null, 5)).toBe('heist films');
    expect(restate({ ...emptyQuery(), keywordsOut: ['zombie'], genreGroups: [[27]] }, null, 5)).toBe(
      'horror films without zombies',
    );
    // A theme said by an adjective is said as a thing after "without".
    expect(
      restate(
        {
          ...emptyQuery(),
          keywordsOut: ['sex comedy'],
          outLabels: { 'sex comedy': 'raunchy' },
          genreGroups: [[35]],
        },
        null,
        5,
      ),
    ).toBe('comedies without crude humour');
    expect(restate({ ...emptyQuery(), genreGroups: [[16]], genresOut: [10751] }, null, 5)).toBe(
      'animated films, none of them family films',
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
    ).toBe('Here are three feel-good films:');
  });

  it('says a missing title plainly, with the nearest one as a question', () => {
    const text = notInCatalog('Frozen II', m({ id: 109445, title: 'Frozen', release_date: '2013-11-27' }));
    expect(text).toContain(`"Frozen II" ${NOT_IN_CATALOG}`);
    expect(text).toContain('The closest title I have is **[Frozen](/movie/109445)** (2013)');
  });
});

describe('years after the catalog (decision 0096)', () => {
  it('names the film typed before the year, else says plainly that nothing from then can be offered', () => {
    expect(afterCatalog('is The Batman from 2022 on here?', 2022)).toMatch(
      /^"The Batman" \(2022\) isn't in our catalog \(it holds films released up to mid-2017\)/,
    );
    const plain = afterCatalog('any horror films from 2021?', 2021);
    expect(plain).toContain("I can't offer anything from 2021");
    expect(plain).not.toContain('"');
  });
});

describe('what was not caught', () => {
  const unread = (unknown: string[]) => notes({ ...emptyQuery('en'), unknown }, [], 5).join(' ');
  it('names the words that could have been a wish, not words of grammar', () => {
    expect(unread(['where', "she's", 'zorblax'])).toBe('I didn\'t catch "zorblax", so I left it out.');
    expect(unread(['where', 'verdad'])).toBe('');
  });
  it('in a long message no unread word is named, ruled out or not (decisions 0126, 0142)', () => {
    const long = (unknown: string[], longMessage = true) =>
      notes({ ...emptyQuery('en'), unknown, longMessage }, [], 5).join(' ');
    expect(long(['buzzing', 'itch'])).toBe('');
    expect(long(['copine', 'capes'])).toBe('');
    expect(long(['capes'], false)).toBe('I didn\'t catch "capes", so I left it out.');
  });
  it('a word the lexicon reads, left unread here, is still named ("long" is a length elsewhere)', () => {
    expect(unread(['long'])).toContain('"long"');
  });
});

describe('firstSentence', () => {
  it.each([
    [
      'World War II soldier-turned-U.S. Marshal Teddy Daniels investigates a disappearance. More here.',
      'World War II soldier-turned-U.S. Marshal Teddy Daniels investigates a disappearance.',
    ],
    [
      'When Dr. Jones meets Mr. Smith, trouble starts. Then more.',
      'When Dr. Jones meets Mr. Smith, trouble starts.',
    ],
    ['It ends here. Another starts.', 'It ends here.'],
  ])('%j', (text, first) => {
    expect(firstSentence(text)).toBe(first);
  });
});
