import { describe, expect, it } from 'vitest';
import { GENRE } from '../src/modules/chat/understand/lexicon';
import { chatSuite, playConversation } from './helpers/catalog';

/**
 * Decision 0122: a franchise named without its inner article ("fast and furious"), a question
 * ending in chat words ("… lol"); "finished all 8", "watched all the X films": others like them;
 * "something similar then" after a title the catalog lacks: like the film it offered; "pick just
 * one of these"; "music by X" asks about a person; "quiero ver X, la tienen?" and "Heat, do you have it?" ask for a title.
 */
const chat = chatSuite();
const { ask } = chat;

const FAST = 'The Fast and the Furious Collection';
const POTTER = 'Harry Potter Collection';

describe('franchises named loosely', () => {
  it('"fast and furious which ones are the best lol": the franchise, best rated first', async () => {
    const { picks } = await ask('fast and furious which ones are the best lol');
    expect(picks.length).toBeGreaterThanOrEqual(5);
    expect(picks.every((m) => m.collection?.name === FAST)).toBe(true);
    const ratings = picks.map((m) => m.vote_average);
    expect(ratings).toEqual([...ratings].sort((a, b) => b - a));
  });
});

describe('seen them all: others like them', () => {
  it('"finished all 8 😭 what do I watch now" after the Harry Potter films: fantasy, none of them', async () => {
    const { movies } = await playConversation(chat.engine, chat.catalog, [
      'harry potter movies',
      'finished all 8 😭 what do I watch now',
    ]);
    expect(movies.length).toBeGreaterThanOrEqual(3);
    expect(movies.some((m) => m.collection?.name === POTTER)).toBe(false);
    expect(movies.filter((m) => m.genre_ids.includes(GENRE.fantasy)).length).toBeGreaterThanOrEqual(3);
  });

  it('"finished all of them, what do I watch now" is no question about the films shown', async () => {
    const { movies, shown } = await playConversation(chat.engine, chat.catalog, [
      'harry potter movies',
      'finished all of them, what do I watch now',
    ]);
    expect(movies.length).toBeGreaterThanOrEqual(3);
    expect(movies.some((m) => shown[0]!.includes(m.id))).toBe(false);
  });

  it('"i watched all the harry potter films, what now?": films like them, not them', async () => {
    const { picks } = await ask('i watched all the harry potter films, what now?');
    expect(picks.length).toBeGreaterThanOrEqual(3);
    expect(picks.some((m) => m.collection?.name === POTTER)).toBe(false);
    expect(picks.filter((m) => m.genre_ids.includes(GENRE.fantasy)).length).toBeGreaterThanOrEqual(3);
  });
});

describe('something similar', () => {
  it('after a title the catalog lacks, "something similar then" is like the film offered for it', async () => {
    const first = await ask('do you have top gun maverick?');
    const offered = chat.catalog.get(Number(/\]\(\/movie\/(\d+)\)/.exec(first.message)?.[1]))!;
    expect(offered.title).toBe('Top Gun');
    const { movies } = await playConversation(chat.engine, chat.catalog, [
      'do you have top gun maverick?',
      'something similar then',
    ]);
    expect(movies.length).toBeGreaterThanOrEqual(3);
    expect(
      movies.every((m) => m.id !== offered.id && m.genre_ids.some((g) => offered.genre_ids.includes(g))),
    ).toBe(true);
  });

  it('a year typed in the missing title ("blade runner 2049") is no year for "films like that"', async () => {
    const { message, movies } = await playConversation(chat.engine, chat.catalog, [
      'blade runner 2049',
      'ok then films like that',
    ]);
    expect(message).not.toContain('2049');
    expect(movies.length).toBeGreaterThanOrEqual(3);
    expect(movies.every((m) => m.genre_ids.includes(GENRE.scifi))).toBe(true);
  });

  it('"just watched get out, loved it. anything similar?": like the film named', async () => {
    const { message, picks } = await ask('just watched get out, loved it. anything similar?');
    expect(message).toMatch(/films like \*\*\[Get Out\]/);
    expect(picks.length).toBeGreaterThanOrEqual(3);
    expect(picks.some((m) => m.title === 'Get Out')).toBe(false);
  });
});

describe('frames', () => {
  it('"if u had to pick just one of these for tonight which?" is answered from the films shown', async () => {
    const { movies, shown } = await playConversation(chat.engine, chat.catalog, [
      'heist movie pls',
      'if u had to pick just one of these for tonight which?',
    ]);
    expect(movies.length).toBeGreaterThan(0);
    expect(movies.every((m) => shown[0]!.includes(m.id))).toBe(true);
  });

  it('"Heat, do you have it?" asks for the film itself, as "do you have heat?" does', async () => {
    const { message, picks } = await ask('Heat, do you have it?');
    expect(message).toMatch(/^\*\*\[Heat\]\(\/movie\/949\)\*\* \(1995\) is in the catalog/);
    expect(picks[0]?.id).toBe(949);
  });

  it('"movies with music by hans zimmer?" asks about a person: said plainly, no films', async () => {
    const { message, picks } = await ask('movies with music by hans zimmer?');
    expect(message).toMatch(/look up people/);
    expect(picks).toEqual([]);
  });

  it('"great music from the 80s" is no person', async () => {
    const { picks } = await ask('a movie with great music from the 80s');
    expect(picks.length).toBeGreaterThanOrEqual(3);
  });

  it('"quiero ver Oppenheimer esta noche, la tienen?": the title is said missing, in Spanish', async () => {
    const { message, picks } = await ask('quiero ver Oppenheimer esta noche, la tienen?');
    expect(message).toMatch(/^"Oppenheimer" no está en nuestro catálogo con ese nombre/);
    expect(picks).toEqual([]);
  });
});

describe('years and ratings said in passing', () => {
  const year = (m: { release_date: string | null }) => Number(m.release_date?.slice(0, 4));

  it('"lost my dad last year": a time in the story sets no years; "films from last year" does', async () => {
    const story = await ask('lost my dad last year and I want a film that deals with grief honestly');
    expect(story.picks.length).toBeGreaterThanOrEqual(3);
    expect(story.picks.some((m) => year(m) < 2010)).toBe(true);
    const asked = await ask('films from last year');
    expect(asked.picks.length).toBeGreaterThanOrEqual(3);
    expect(asked.picks.every((m) => year(m) >= 2014)).toBe(true);
  });

  it.each([
    ['a horror film, not too old please'],
    ["je cherche un bon film d'horreur, pas trop vieux si possible"],
    ['una comedia que no sea muy antigua'],
  ])('"%s": films of this century', async (message) => {
    const { picks } = await ask(message);
    expect(picks.length).toBeGreaterThanOrEqual(3);
    expect(picks.every((m) => year(m) >= 2000)).toBe(true);
  });

  it('"highest rated movies of all time?": the best rated first, 7 or more each', async () => {
    const { picks } = await ask('highest rated movies of all time?');
    expect(picks.length).toBeGreaterThanOrEqual(3);
    expect(picks.every((m) => m.vote_average >= 7)).toBe(true);
    expect(picks.slice(0, 2).map((m) => m.title)).toContain('The Godfather');
  });
});
