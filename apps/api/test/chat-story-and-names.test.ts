import { describe, expect, it } from 'vitest';
import { NOT_IN_CATALOG } from '../src/modules/chat/wording';
import { GENRE } from '../src/modules/chat/understand/lexicon';
import { chatSuite } from './helpers/catalog';

/**
 * Decision 0130: what a message says around its request (a baby's age, the time before a train,
 * "i dont have to follow"), kinds described rather than named ("twisty smart thrillers"), and names
 * read as people type them (any common given name, a famous film's original title, "heist vibes").
 */
const chat = chatSuite();
const { ask } = chat;

describe('decision 0130: the story around a request', () => {
  it('"baby is 3 months old" is a baby\'s age, no old films', () => {
    const q = chat.engine.parse('new dad here, baby is 3 months old. any good thrillers?');
    expect([q.yearFrom, q.yearTo]).toEqual([undefined, undefined]);
    expect(q.moods).not.toContain('classic');
    // Old films are still old films.
    expect(chat.engine.parse('some old thrillers').yearTo).toBe(1985);
  });

  it('"bout 100 min before my train leaves": the time left is the longest film, the train no topic', async () => {
    const q = chat.engine.parse('bout 100 min before my train leaves, any decent sci fi that fits');
    expect(q.runtimeMax).toBe(100);
    expect(q.keywordsIn).not.toContain('train');
    const { picks } = await ask('bout 100 min before my train leaves, any decent sci fi that fits');
    expect(picks.length).toBeGreaterThanOrEqual(3);
    for (const m of picks) {
      expect(m.runtime).toBeLessThanOrEqual(100);
      expect(m.genre_ids).toContain(GENRE.scifi);
    }
    // "2 hours till the kids wake up": the kids are asleep, not watching.
    const kids = chat.engine.parse('2 hours till the kids wake up, a good comedy?');
    expect(kids.runtimeMax).toBe(120);
    expect(kids.genreGroups).toEqual([[GENRE.comedy]]);
    // A train that is the film's topic still is.
    expect(chat.engine.parse('movies set on a train').keywordsIn).toContain('train');
  });

  it('"something light n easy i dont have to follow" asks for a light, easy film and rules nothing out', async () => {
    const q = chat.engine.parse('need something light n easy i dont have to follow');
    expect(q.moods).toEqual(expect.arrayContaining(['light-hearted', 'easy-watching']));
    expect(q.unknown).not.toContain('follow');
    expect(q.keywordsOut).toEqual([]);
    const { picks } = await ask('need something light n easy i dont have to follow');
    expect(picks.length).toBeGreaterThanOrEqual(3);
    expect(picks.every((m) => !m.genre_ids.includes(GENRE.horror) && !m.genre_ids.includes(GENRE.war))).toBe(
      true,
    );
  });

  it('"dramas and stuff about family … in italian": family is what they are about, not the Family genre', async () => {
    const message =
      'i like dramas and stuff about family, small towns, food, that kind of thing. in italian please';
    expect(chat.engine.parse(message).genreGroups).toEqual([[GENRE.drama]]);
    const { picks } = await ask(message);
    expect(picks.length).toBeGreaterThanOrEqual(3);
    for (const m of picks) expect(m.original_language).toBe('it');
    // Family films are still the Family genre.
    expect(chat.engine.parse('family films for sunday').genreGroups).toEqual([[GENRE.family]]);
  });
});

describe('decision 0130: kinds described, franchises and names as typed', () => {
  it('"loved twisty smart thrillers" describes films: never a title said missing', async () => {
    const { message, picks } = await ask('before the baby my wife and i loved twisty smart thrillers');
    expect(message).not.toContain(NOT_IN_CATALOG);
    expect(picks.length).toBeGreaterThanOrEqual(3);
    for (const m of picks) expect(m.genre_ids).toContain(GENRE.thriller);
  });

  it('"doing an alien marathon … which films are in the series": the Alien films', async () => {
    const { picks } = await ask('doing an alien marathon this weekend. which films are in the series');
    expect(picks.map((m) => m.title)).toEqual(expect.arrayContaining(['Alien', 'Aliens']));
    // Alien films without a series are still films about aliens.
    const about = await ask('alien movies');
    expect(about.picks.some((m) => m.collection?.id !== about.picks[0]!.collection?.id)).toBe(true);
  });

  it('any common given name with a surname is a person offline: said plainly, no films', async () => {
    for (const message of [
      'kathryn bigelow films, which are worth watching',
      'anything with frances mcdormand in it? love her',
      // The music is the person's, no musicals asked for.
      'any films scored by hans zimmer? obsessed with his music',
    ]) {
      const { message: reply, picks } = await ask(message);
      expect(reply).toMatch(/look up people/);
      expect(picks).toEqual([]);
    }
    // Given names that are everyday words stay words.
    const hope = await ask('films with hope and courage');
    expect(hope.picks.length).toBeGreaterThanOrEqual(3);
  });

  it('"heist vibes", "heist type movies": a topic, not the little-known film of that name', async () => {
    for (const message of ['heist vibes', 'heist type movies']) {
      const a = await chat.answer(message);
      expect(a.seed).toBeFalsy();
      expect(a.picks.length).toBeGreaterThanOrEqual(3);
    }
    // A famous film of that one word is still the film ("alien vibes"), and so is one praised.
    expect((await chat.answer('alien vibes')).seed?.title).toBe('Alien');
    expect((await chat.answer('die hard type movies')).seed?.title).toBe('Die Hard');
  });

  it('"i loved amelie poulain": a famous film called by the end of its original title', async () => {
    const a = await chat.answer('i loved amelie poulain (the french one w the girl in paris). whats similar');
    expect(a.seed?.id).toBe(194);
    expect(a.picks.length).toBeGreaterThanOrEqual(3);
  });
});

describe("decision 0130, second part: titles typed with a slip, franchises in the plural, the story's time", () => {
  it("a famous film's one-word title with a slip, in a message that asks for nothing else, is that film", async () => {
    expect((await chat.answer('whiplsh was insane. what else gives me that anxiety')).seed?.title).toBe(
      'Whiplash',
    );
    expect(
      (await chat.answer('more like that interstelar one w mcconaughey and the bookshelf')).seed?.title,
    ).toBe('Interstellar');
    // A longer title with a slip after "watch": the film.
    expect((await chat.answer('want to watch grand budapest hotle tonight')).seed?.title).toBe(
      'The Grand Budapest Hotel',
    );
    // How often a film was seen is no part of its name.
    expect(
      (
        await chat.answer(
          'i have watched mad max fury road 3 times this month. i need something else with that energy',
        )
      ).seed?.title,
    ).toBe('Mad Max: Fury Road');
    // A greeting typed long is still a greeting.
    expect((await ask('hellooo')).picks).toEqual([]);
  });

  it('"all the harry potters", "the bournes, in order": a franchise in the plural is its films', async () => {
    const potters = await ask('gonna do all the harry potters over christmas w my cousins. list em');
    expect(potters.picks.length).toBeGreaterThanOrEqual(5);
    expect(potters.picks.every((m) => m.title.startsWith('Harry Potter'))).toBe(true);
    const bournes = await ask('the bournes, in order');
    expect(bournes.picks.every((m) => m.collection?.name?.includes('Bourne'))).toBe(true);
    // "the rings" of "lord of the rings" is no plural of The Ring; "5 times" is a count, no title.
    const fantasy = await ask(
      "fantasy but not harry potter or lord of the rings, i've seen every one of those like 5 times",
    );
    expect(fantasy.picks.length).toBeGreaterThanOrEqual(3);
    for (const m of fantasy.picks) {
      expect(m.genre_ids).toContain(GENRE.fantasy);
      expect(m.collection?.name ?? '').not.toMatch(/Harry Potter|Lord of the Rings|Ring/);
    }
  });

  it('"kathryn bigelow filmography": a person, said plainly', async () => {
    const { message, picks } = await ask('kathryn bigelow filmography, which are worth it');
    expect(message).toMatch(/look up people/);
    expect(picks).toEqual([]);
  });

  it('"its a school night", "during lockdown-ish winter": the speaker\'s time, no topic', () => {
    expect(
      chat.engine.parse('short horror, under an hour and a half. its a school night').keywordsIn,
    ).toEqual([]);
    expect(
      chat.engine.parse('anything about chess? just got into it during lockdown-ish winter and now im hooked')
        .keywordsIn,
    ).toEqual(['chess']);
    // A film set in a season still asks for it.
    expect(chat.engine.parse('movies set during winter').keywordsIn).toContain('winter');
  });
});

describe("decision 0130, second part: a viewer past children's films", () => {
  it("\"he says he's 'too old for kid stuff'\": no family films, and no newer films asked for", () => {
    const q = chat.engine.parse(
      "he says he's 'too old for kid stuff' so maybe skip anything that feels babyish",
    );
    expect(q.genresOut).toContain(GENRE.family);
    expect(q.genreGroups).toEqual([]);
    expect(q.followUp).toBeUndefined();
    // Films said to be too old still are ("those are too old for me": newer ones).
    expect(chat.engine.parse('those are too old for me').followUp).toBe('newer');
  });
});
