import { describe, expect, it } from 'vitest';
import { GENRE } from '../src/modules/chat/understand/lexicon';
import { NOT_IN_CATALOG } from '../src/modules/chat/wording';
import { chatSuite, playConversation } from './helpers/catalog';

/**
 * Decision 0114, fresh13's classes: messages that ask for films answered with none (films listed
 * with "and" read as one missing title; a person ruled out with "not by him" after a list; a
 * ramble whose asides read as requests: "a nightmare to agree", "refuses to read subtitles",
 * "falls asleep if it's over two hours"); ordinary words said not caught ("under a blanket",
 * "young kids"); "live-action" ruling out Animation.
 */
const chat = chatSuite();

const play = (messages: string[]) => playConversation(chat.engine, chat.catalog, messages);

describe('films listed with "and" are films named, not one missing title', () => {
  it.each([
    ["Just saw Alien and Aliens back to back. More like those — I don't want the sequels though.", 348],
    ['I watched Heat and Collateral, more like those', 949],
    ['I loved Heat and Ronin', 949],
    ['loved toy story & up, anything similar?', 862],
    ['The Matrix and Inception were great, more like them please', 603],
  ])('"%s": like the first film listed', async (message, id) => {
    const q = chat.engine.parse(message);
    expect(q.like?.movie?.id).toBe(id);
    expect(q.keywordsIn).toEqual([]);
    const a = await play([message]);
    expect(a.message).not.toContain(NOT_IN_CATALOG);
    expect(a.movies.length).toBeGreaterThanOrEqual(3);
  });

  it.each(['more like Dumb and Dumber', 'something like Pride and Prejudice'])(
    '"%s": a title with "and" in it stays that title',
    (message) => {
      expect(chat.engine.parse(message).like?.movie?.title).toMatch(/^(Dumb and Dumber|Pride & Prejudice)$/);
    },
  );
});

describe('a person ruled out after a list, in a message that asks for films', () => {
  it.each([
    [
      'loved the grand budapest hotel, what else has that quirky style?',
      'seen all the wes anderson ones honestly. anything not by him?',
      'Wes Anderson',
    ],
    ['a tense thriller', "I've watched all the hitchcock ones, something not by him?", 'Hitchcock'],
    ['a comedy', 'something else, nothing with tom cruise', 'Tom Cruise'],
  ])(
    '"%s" then "%s": the request is served, saying the person could not be left out',
    async (first, next, name) => {
      expect(chat.engine.parse(next).personOut).toBe(name);
      const a = await play([first, next]);
      expect(a.message).toMatch(/^I can't look up people/);
      expect(a.movies.length).toBeGreaterThanOrEqual(3);
      for (const m of a.movies) expect(a.shown[0]).not.toContain(m.id);
    },
  );
});

describe('a ramble with clear constraints: its asides ask for nothing', () => {
  it('the four friends: English action comedies under 2 hours, no superheroes', async () => {
    const a = await play([
      "ok so there's four of us tonight and it's a nightmare to agree on anything. jake refuses to read subtitles, priya falls asleep if it's over two hours, and i'm sick of superhero stuff. we all like comedy though, maybe with some action? something english, under 2 hours, funny. help",
    ]);
    expect(a.movies.length).toBeGreaterThanOrEqual(3);
    for (const m of a.movies) {
      expect(m.genre_ids).toContain(GENRE.comedy);
      expect(m.original_language).toBe('en');
      expect(m.runtime).toBeLessThanOrEqual(120);
    }
    expect(a.message).not.toMatch(/didn't catch/);
  });

  it.each([
    ["it's a nightmare to pick anything, just something funny", { genresOut: [], moods: ['funny'] }],
    ['choosing is such a nightmare. a western?', { moods: [] }],
  ])('"%s": "nightmare" said of a situation is no horror', (message, want) => {
    const q = chat.engine.parse(message);
    expect(q.genreGroups.flat()).not.toContain(GENRE.horror);
    if (want.moods) expect(q.moods).toEqual(want.moods);
  });

  it.each([
    'jake refuses to read subtitles',
    "my dad can't stand subtitles",
    'she dislikes subtitles, a drama please',
    'something english',
    'english films from the 90s',
  ])('"%s": English-language films', (message) => {
    expect(chat.engine.parse(message).languages).toEqual(['en']);
  });

  it.each([
    ["priya falls asleep if it's over two hours", 120],
    ['he nods off if a movie goes over 90 minutes', 90],
    ['my wife gets bored when it runs longer than 100 minutes', 100],
  ])('"%s": at most that long', (message, max) => {
    const q = chat.engine.parse(message);
    expect(q.runtimeMax).toBe(max);
    expect(q.runtimeMin).toBeUndefined();
  });
});

describe('ordinary words are not "not caught"', () => {
  it.each([
    [
      "it's pouring rain and i just want something cozy and warm to watch under a blanket, nothing sad pls",
      'under',
    ],
    ['are any of those good for young kids?', 'young'],
    ['a film for small children', 'small'],
    ['something to watch during dinner with my little ones, a comedy', 'during'],
    ['a comedy we can watch together without getting bored', 'without'],
  ])('"%s": no note about "%s"', (message, word) => {
    const q = chat.engine.parse(message);
    expect(q.unknown).not.toContain(word);
    expect(q.themeWords).not.toContain(word);
  });

  it('a word nothing reads is still said: "zorblax horror"', () => {
    expect(chat.engine.parse('zorblax horror').unknown).toEqual(['zorblax']);
  });
});

describe('"live-action" rules out Animation', () => {
  it.each([
    'Family movie night, we have a 10 and a 13 year old, something live-action everyone enjoys',
    'japanese films but NOT anime, live action only',
    'a live action fairy tale',
    'something not animated for the kids',
  ])('"%s": no Animation, and "action" is no genre asked', (message) => {
    const q = chat.engine.parse(message);
    expect(q.genresOut).toContain(GENRE.animation);
    expect(q.genreGroups.flat()).not.toContain(GENRE.action);
  });

  it('the family movie night gets live-action family films', async () => {
    const a = await play([
      'Family movie night, we have a 10 and a 13 year old, something live-action everyone enjoys',
    ]);
    expect(a.movies.length).toBeGreaterThanOrEqual(3);
    for (const m of a.movies) expect(m.genre_ids).not.toContain(GENRE.animation);
  });
});
