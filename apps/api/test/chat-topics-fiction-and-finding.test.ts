import { describe, expect, it } from 'vitest';
import { GENRE } from '../src/modules/chat/understand/lexicon';
import { NOT_IN_CATALOG } from '../src/modules/chat/wording';
import { chatSuite, freshConversation as fresh } from './helpers/catalog';

/**
 * Decision 0148: a subject said as what a film is about ("something about cooking") is its topic,
 * not an off-topic question; "fictional" rules documentaries out; "find me X" asks for a title by
 * name (a sequel the catalog lacks said so, the nearest title offered); "less supernatural" rules
 * the theme out; "more like stuff that could actually happen" describes films, it names none; "can't
 * follow anything … subtitled" asks for films in English.
 */
const chat = chatSuite();
const ask = (message: string) => chat.engine.answer(message, fresh());
const conversation = chat.conversation;
const DUNE = 841;
const GODFATHER = 238;
const SUPERNATURAL = [
  'supernatural',
  'ghost',
  'demon',
  'possession',
  'haunted house',
  'paranormal',
  'exorcism',
];

describe('a subject as what a film is about', () => {
  it.each(['something about cooking', 'anything about cooking?', 'one about a cook'])(
    '"%s" asks for films about it',
    async (message) => {
      const a = await ask(message);
      expect(a.picks.length).toBeGreaterThanOrEqual(3);
      expect(a.message).not.toMatch(/only help with movies/);
    },
  );

  it.each(['tell me about cooking', 'how do i cook pasta', 'what is the weather like'])(
    '"%s" is still no film request',
    async (message) => {
      const a = await ask(message);
      expect(a.picks).toEqual([]);
      expect(a.message).toMatch(/only help with movies/);
    },
  );
});

describe('fiction', () => {
  it('"documentaries about food" then "actually something fictional instead, but still about cooking"', async () => {
    const [docs, fiction] = await conversation(
      'documentaries about food',
      'actually something fictional instead, but still about cooking',
    );
    for (const m of docs!.films) expect(m.genre_ids).toContain(GENRE.documentary);
    expect(fiction!.films.length).toBeGreaterThanOrEqual(3);
    for (const m of fiction!.films) expect(m.genre_ids, m.title).not.toContain(GENRE.documentary);
    expect(fiction!.films.some((m) => m.keywords.includes('cooking'))).toBe(true);
  });

  it.each(['true stories, not fiction', 'a documentary, nothing fictional'])(
    '"%s" does not rule documentaries out',
    (message) => {
      expect(chat.engine.parse(message).genresOut).not.toContain(GENRE.documentary);
    },
  );

  it('"science fiction movies" are still science fiction, documentaries aside or not', async () => {
    const a = await ask('science fiction movies');
    expect(a.picks.length).toBeGreaterThanOrEqual(3);
    for (const p of a.picks) expect(p.movie.genre_ids).toContain(GENRE.scifi);
  });
});

describe('"find me X" asks for a title', () => {
  it.each(['can you find me Dune part two', 'find me dune part 2'])(
    '"%s": the sequel is said missing and Dune offered',
    async (message) => {
      const a = await ask(message);
      expect(a.message).toContain(NOT_IN_CATALOG);
      expect(a.message).toContain(`](/movie/${DUNE})`);
      expect(a.picks).toEqual([]);
    },
  );

  it('"can you find me the godfather" finds it', async () => {
    const a = await ask('can you find me the godfather');
    expect(a.picks[0]?.movie.id).toBe(GODFATHER);
  });

  it.each([
    ['find me a good comedy', GENRE.comedy],
    ['find me something scary', GENRE.horror],
  ])('"%s" still asks for a kind', async (message, genre) => {
    const a = await ask(message);
    expect(a.message).not.toContain(NOT_IN_CATALOG);
    expect(a.picks.length).toBeGreaterThanOrEqual(3);
    for (const p of a.picks) expect(p.movie.genre_ids).toContain(genre);
  });
});

describe('less of a theme, and films described', () => {
  it.each(['less supernatural', 'less supernatural, more like stuff that could actually happen'])(
    '"horror movies" then "%s": horror films with no supernatural theme',
    async (refine) => {
      const [, less] = await conversation('horror movies', refine);
      expect(less!.message).not.toContain(NOT_IN_CATALOG);
      expect(less!.films.length).toBeGreaterThanOrEqual(3);
      for (const m of less!.films) {
        expect(m.genre_ids).toContain(GENRE.horror);
        expect(
          m.keywords.filter((k) => SUPERNATURAL.includes(k)),
          m.title,
        ).toEqual([]);
      }
    },
  );
});

describe('subtitles one cannot follow', () => {
  it('"can\'t follow anything complicated or subtitled right now … a buddy cop thing": films in English', async () => {
    const a = await ask(
      "brain is fried, can't follow anything complicated or subtitled right now. I just want explosions and jokes, like a buddy cop thing",
    );
    expect(a.picks.length).toBeGreaterThanOrEqual(3);
    for (const p of a.picks) expect(p.movie.original_language, p.movie.title).toBe('en');
  });
});

describe('films one might have missed', () => {
  it.each([
    ['good movies from the 2000s i might have missed?', 2000],
    ['90s thrillers that flew under the radar', 1990],
  ])('"%s" asks for lesser-known films, no word of it a theme', async (message, from) => {
    const famous = await ask(`good movies from the ${String(from).slice(2)}s`);
    const a = await ask(message);
    expect(a.picks.length).toBeGreaterThanOrEqual(3);
    expect(a.message).toMatch(/lesser-known/);
    expect(a.message).not.toMatch(/story has/);
    for (const p of a.picks) expect(Number(p.movie.release_date!.slice(0, 4))).toBeGreaterThanOrEqual(from);
    const votes = (xs: { movie: { vote_count: number } }[]) =>
      xs.map((p) => p.movie.vote_count).reduce((x, y) => x + y, 0) / xs.length;
    expect(votes(a.picks)).toBeLessThan(votes(famous.picks));
  });
});
