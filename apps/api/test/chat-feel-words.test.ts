import type { CatalogMovie } from '@app/catalog';
import { describe, expect, it } from 'vitest';
import { DIRECTIONS, directionScore } from '../src/modules/chat/directions';
import { GENRE, MOODS } from '../src/modules/chat/understand/lexicon';
import { chatSuite, freshConversation, playConversation } from './helpers/catalog';

// Decision 0135: how a film should feel, said as people say it ("hopeful", "chill", "steamy",
// "clever"), is a mood, never words its story must hold; a whole message that is a film's title is
// that film though its words are moods; "the least violent" of the films shown is the one furthest
// the way "less violent" moves a list, "the least depressing" the least sad.
const chat = chatSuite();

describe('a feeling said as an adjective is a mood, not a story word', () => {
  it.each<[string, string[]]>([
    ['a movie that will make me cry but leave me hopeful', ['sad', 'feel-good']],
    ['something chill for a sunday', ['cosy']],
    ['a steamy thriller', ['steamy']],
    ['a clever heist movie', ['smart']],
    ['something dreamy', ['trippy']],
    ['a touching film about a dog', ['sad']],
    ['a charming french comedy', ['feel-good']],
    ['something exciting, fast-paced', ['thrilling']],
  ])('%j', (message, moods) => {
    const q = chat.engine.parse(message);
    for (const mood of moods) expect(q.moods, JSON.stringify(q)).toContain(mood);
    for (const word of ['hopeful', 'chill', 'steamy', 'clever', 'weird', 'touching', 'charming', 'exciting'])
      expect(q.themeWords).not.toContain(word);
  });

  it('"cry but hopeful": sad films that lift, not the films whose summary says "hopeful"', async () => {
    const a = await chat.engine.answer('i want to cry but feel hopeful after', freshConversation());
    expect(a.picks.length).toBeGreaterThanOrEqual(3);
    // Both moods: a drama or romance (sad) that is also of a lifting kind (feel-good), not The Godfather.
    const lifting: number[] = [GENRE.comedy, GENRE.family, GENRE.animation, GENRE.romance, GENRE.music];
    for (const p of a.picks) {
      expect(p.movie.genre_ids.some((g) => g === GENRE.drama || g === GENRE.romance)).toBe(true);
      expect(
        p.movie.genre_ids.some((g) => lifting.includes(g)),
        p.movie.title,
      ).toBe(true);
      for (const g of [GENRE.horror, GENRE.thriller, GENRE.war]) expect(p.movie.genre_ids).not.toContain(g);
    }
  });

  it('"something steamy": no family film or cartoon, films tagged for desire among them', async () => {
    const a = await chat.engine.answer('something steamy for tonight', freshConversation());
    expect(a.picks.length).toBeGreaterThanOrEqual(3);
    for (const p of a.picks) {
      expect(p.movie.genre_ids).not.toContain(GENRE.family);
      expect(p.movie.genre_ids).not.toContain(GENRE.animation);
    }
    // A mood that names no kind is its keywords: every film carries one (not the best-known dramas).
    const steamy = MOODS.find((r) => r.mood === 'steamy')!.keywords!;
    for (const p of a.picks)
      expect(
        p.movie.keywords.some((k) => steamy.includes(k)),
        p.movie.title,
      ).toBe(true);
  });
});

describe('a whole message that is a film title is that film, though its words are moods', () => {
  it.each<[string, string]>([
    ['sweet november', 'Sweet November'],
    ['sexy beast', 'Sexy Beast'],
    ['touching the void', 'Touching the Void'],
  ])('%j', async (message, title) => {
    const a = await chat.engine.answer(message, freshConversation());
    expect(a.picks[0]?.movie.title, a.message).toBe(title);
  });

  it('a title made of request words only stays the request ("a cute romcom")', async () => {
    const a = await chat.engine.answer('a cute romcom', freshConversation());
    for (const p of a.picks) expect(p.movie.genre_ids).toContain(GENRE.romance);
  });
});

describe('"the least violent", "the least depressing" of the films shown', () => {
  const lessViolent = (m: CatalogMovie) => directionScore(DIRECTIONS['less violent']!, m, m.vote_average);

  it('the least violent first, as "less violent" orders a list', async () => {
    const { shown, movies, message } = await playConversation(chat.engine, chat.catalog, [
      'action movies from the 2000s',
      'which of those is the least violent?',
    ]);
    expect(message).toContain('Of those, the least violent is');
    expect(new Set(movies.map((m) => m.id))).toEqual(new Set(shown[0]));
    const scores = movies.map(lessViolent);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    // Not the same order as "the lightest" would give every time: the films' violence tags count.
    expect(scores[0]).toBeGreaterThan(scores.at(-1)!);
  });

  it('"the least depressing" is the least sad', async () => {
    const { shown, movies, message } = await playConversation(chat.engine, chat.catalog, [
      'movies that will make me cry',
      'ok which of those is the least depressing',
    ]);
    expect(message).toContain('Of those, the least sad is');
    for (const m of movies) expect(shown[0]).toContain(m.id);
  });
});

describe('a yes/no question about a film named first asks its words of that film', () => {
  it.each<[string, string, RegExp]>([
    ['is amelie a good date movie?', 'Amélie', /romantic comedy.*date film/],
    ['is titanic a good first date film', 'Titanic', /romance.*good for a date/],
    ['is inception too confusing to watch while tired', 'Inception', /built on puzzles.*dream/],
    ['is the thing (1982) scary or just gross?', 'The Thing', /violence/],
  ])('%j', async (message, title, said) => {
    const a = await chat.engine.answer(message, freshConversation());
    // The film's own answer: no list of other films (its own card only, decision 0137), nothing said
    // of a word not caught.
    expect(
      a.picks.map((p) => p.movie.title),
      a.message,
    ).toEqual([title]);
    expect(a.message).toContain(`[${title}]`);
    expect(a.message).toMatch(said);
    expect(a.message).not.toMatch(/didn't catch/);
  });

  it('a pronoun is no title ("is it scary" asks no film called It)', async () => {
    const a = await chat.engine.answer('is it scary', freshConversation());
    expect(a.message).not.toContain('[It]');
  });
});

describe('"the little one is only 4" is a child of four', () => {
  it('films for a four-year-old: animated family films', async () => {
    expect(chat.engine.parse('the little one is only 4, something gentle and short').childAge).toBe(4);
    const a = await chat.engine.answer(
      'the little one is only 4, something gentle and short, under 90 min',
      freshConversation(),
    );
    expect(a.picks.length).toBeGreaterThanOrEqual(3);
    for (const p of a.picks) {
      expect(p.movie.genre_ids).toContain(GENRE.family);
      expect(p.movie.genre_ids).toContain(GENRE.animation);
    }
  });
});

describe('a well-known title left unread is no word the chat failed to catch', () => {
  it('"not casablanca, i\'ve seen it": not said uncaught, not offered', async () => {
    const { message, movies } = await playConversation(chat.engine, chat.catalog, [
      'romantic movies from before 1970',
      "nice, but not casablanca, i've seen it like 5 times. anything else from that era?",
    ]);
    expect(message).not.toMatch(/didn't catch "casablanca"/i);
    expect(movies.length).toBeGreaterThanOrEqual(3);
    for (const m of movies) expect(m.title).not.toBe('Casablanca');
  });
});
