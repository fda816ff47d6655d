import { describe, expect, it } from 'vitest';
import { NOT_IN_CATALOG } from '../src/modules/chat/wording';
import { GENRE } from '../src/modules/chat/understand/lexicon';
import { chatSuite } from './helpers/catalog';

/**
 * Decision 0131: dislikes said after the thing, praise said of a title, a famous title typed with a
 * slip among the request's words, titles the catalog lacks in the frames only a title stands in,
 * "where do we start" with a franchise, and a person named beside a topic.
 */
const chat = chatSuite();
const { ask } = chat;

describe('decision 0131: what is said after the thing', () => {
  it('"ghosts and demons do nothing for me" rules both out (a plural verb takes the list)', async () => {
    const message = 'i want to be scared but ghosts and demons do nothing for me. real-world scary';
    const q = chat.engine.parse(message);
    expect(q.keywordsOut).toEqual(expect.arrayContaining(['ghost', 'demon']));
    expect(q.genreGroups).toEqual([[GENRE.horror]]);
    // A singular verb takes the last thing only: the thriller stays.
    const one = chat.engine.parse('a thriller please, romance isnt my thing');
    expect(one.genresOut).toContain(GENRE.romance);
    expect(one.genreGroups).toEqual([[GENRE.thriller]]);
    // "nothing for me" with no dislike before it rules nothing out.
    expect(chat.engine.parse('a comedy please, do nothing for me').keywordsOut).toEqual([]);
  });

  it('"musicals aren\'t my thing" rules musicals out of a comedy', async () => {
    const { picks } = await ask("a comedy please, musicals aren't my thing");
    expect(picks.length).toBeGreaterThanOrEqual(3);
    for (const m of picks) {
      expect(m.genre_ids).toContain(GENRE.comedy);
      expect(m.genre_ids).not.toContain(GENRE.music);
    }
  });

  it('"X = perfect movie", "X is a perfect movie", "X is such a gem": praise said of a title names it', async () => {
    for (const message of [
      'mad max fury road = perfect movie. what else goes that hard',
      'mad max fury road is a perfect movie',
    ]) {
      const q = chat.engine.parse(message);
      expect(q.like?.movie?.title, message).toBe('Mad Max: Fury Road');
    }
    expect(chat.engine.parse('the shining is such a gem, anything similar?').like?.movie?.title).toBe(
      'The Shining',
    );
    // Praise of something else names no film.
    expect(chat.engine.parse('my weekend was great, now i want a comedy').like).toBeUndefined();
  });
});

describe('decision 0131: a famous title typed with a slip among the words', () => {
  it('"i loved interstaller sooo much": a drawn-out word ends the name', () => {
    expect(chat.engine.parse('i loved interstaller sooo much, whats next').like?.movie?.title).toBe(
      'Interstellar',
    );
  });

  it('"forest gump but different", "shawshank redemtion but funnier", "the godfahter but shorter"', async () => {
    const cases: [string, string][] = [
      ['forest gump but different lol you know what i mean', 'Forrest Gump'],
      ['shawshank redemtion but funnier', 'The Shawshank Redemption'],
      ['the godfahter but shorter', 'The Godfather'],
    ];
    for (const [message, title] of cases) {
      const { message: reply, picks } = await ask(message);
      expect(reply, message).toContain(title);
      expect(picks.length, message).toBeGreaterThanOrEqual(3);
    }
    // The rest of the request stands: funnier is comedies.
    const { picks } = await ask('shawshank redemtion but funnier');
    expect(picks.every((m) => m.genre_ids.includes(GENRE.comedy))).toBe(true);
    // A title word among other words is no title ("a forest ranger named gump").
    expect(chat.engine.parse('i need a comedy about a forest ranger named gump').like).toBeUndefined();
  });
});

describe('decision 0131: titles the catalog lacks, where only a title stands', () => {
  it('"stuff like X", "is X worth the 3 hours", "is X too scary for": said missing', async () => {
    for (const message of [
      'recommend me stuff like everything everywhere all at once',
      'is oppenheimer worth the 3 hours? thinking of watching it tonight',
      'is hereditary too scary for a 15 year old? my son wants to watch it',
    ]) {
      const { message: reply } = await ask(message);
      expect(reply, message).toContain(NOT_IN_CATALOG);
    }
  });

  it('what was seen or a kind, after "like", is no title', async () => {
    for (const message of [
      'something like what we watched last week',
      'stuff like the ones we saw',
      'something like a rainy day film',
    ]) {
      const { message: reply } = await ask(message);
      expect(reply, message).not.toContain(NOT_IN_CATALOG);
    }
  });
});

describe('decision 0131: franchises and people', () => {
  it('"want to show my 10yo star wars for the first time. where do we start": the saga in order', async () => {
    const { picks } = await ask('want to show my 10yo star wars for the first time. where do we start');
    expect(picks[0]?.title).toBe('Star Wars');
    expect(picks.every((m) => m.collection?.id === picks[0]!.collection?.id)).toBe(true);
  });

  it('"80s teen movies, the john hughes kind": the topic served, said not chosen for him', async () => {
    const { message, picks } = await ask(
      '80s teen movies, the john hughes kind. detention, prom, skipping school',
    );
    expect(message).toContain("I can't look up people");
    expect(picks.length).toBeGreaterThanOrEqual(3);
    for (const m of picks) {
      const year = Number(m.release_date!.slice(0, 4));
      expect(year).toBeGreaterThanOrEqual(1980);
      expect(year).toBeLessThanOrEqual(1989);
    }
    // A person with only years is still about that person: no films said to be theirs.
    expect((await ask('meryl streep, her stuff from the 80s')).picks).toEqual([]);
  });
});

describe('decision 0131: the story around the request', () => {
  it('children said to be elsewhere are no audience; children watching still are', async () => {
    const away = [
      "kids are at their dad's for the whole long weekend, so i want huge sweeping historical epics",
      "ok mom of twin toddlers here and my husband agreed to take them to his mother's. twisty crime thrillers please",
      'i used to be such a horror person before kids. something really scary',
    ];
    for (const message of away) {
      const q = chat.engine.parse(message);
      expect(q.genreGroups.flat(), message).not.toContain(GENRE.family);
      expect(q.childAge, message).toBeUndefined();
    }
    const { picks } = await ask(away[1]!);
    expect(picks.length).toBeGreaterThanOrEqual(3);
    expect(picks.every((m) => !m.genre_ids.includes(GENRE.family))).toBe(true);
    // Children who are watching still make it a family request.
    expect(chat.engine.parse('my son is 8, a fun adventure film').genreGroups.flat()).toContain(GENRE.family);
    expect(chat.engine.parse('the kids are bored, something for them').genreGroups.flat()).toContain(
      GENRE.family,
    );
  });

  it('"everything on streaming is either 2.5 hours long or super intense" asks for nothing', async () => {
    const message =
      'everything on streaming is either 2.5 hours long or super intense. i want something light, funny-ish, and SHORT, like an hour and a half tops';
    const q = chat.engine.parse(message);
    expect(q.genreGroups).toEqual([[GENRE.comedy]]);
    expect(q.runtimeMax).toBe(90);
    const { picks } = await ask(message);
    expect(picks.length).toBeGreaterThanOrEqual(3);
    for (const m of picks) expect(m.runtime).toBeLessThanOrEqual(90);
  });
});

describe('decision 0131: occasions, habits and leanings', () => {
  it('"throwing a halloween thing at our dorm, like 12 ppl": how many are watching, nothing said missing', async () => {
    const message =
      "throwing a halloween thing at our dorm, like 12 ppl, we want a horror movie that's scary but fun enough that everyone screams and laughs at it";
    const q = chat.engine.parse(message);
    expect(q.like).toBeUndefined();
    // A party is an occasion: its holiday lifts, nothing is required of the films.
    expect(chat.engine.parse('hosting a halloween party, something scary').keywordsIn).not.toContain(
      'halloween',
    );
    const { message: reply, picks } = await ask(message);
    expect(reply).not.toContain(NOT_IN_CATALOG);
    expect(picks.length).toBeGreaterThanOrEqual(3);
    for (const m of picks) expect(m.genre_ids).toContain(GENRE.horror);
    // Halloween films asked for are still the topic.
    expect(chat.engine.parse('halloween movies').keywordsIn).toContain('halloween');
  });

  it('"every christmas", "first time", "make him happy", "you kids": story, no topic or mood', () => {
    const q = chat.engine.parse(
      'i used to rewatch lord of the rings every christmas. a big fun comedy please',
    );
    expect(q.keywordsIn).not.toContain('christmas');
    const date = chat.engine.parse('shes coming over friday, first time, something a bit romantic and funny');
    expect(date.keywordsIn).not.toContain('first time');
    expect(chat.engine.parse('a movie about a first time').keywordsIn).toContain('first time');
    const dad = chat.engine.parse(
      "he just says 'whatever you kids want'. he loves westerns. what would make him happy?",
    );
    expect(dad.genreGroups).toEqual([[GENRE.western]]);
    expect(dad.moods).not.toContain('feel-good');
  });

  it('"anything with a couple in it makes me want to throw my phone" rules it out', () => {
    const q = chat.engine.parse(
      'anything with a couple in it makes me want to throw my phone. i want to laugh',
    );
    expect(q.keywordsOut).toContain('couple');
    expect(q.keywordsIn).not.toContain('couple');
  });

  it('"westerns, the older the better" leans older, no years ruled out', async () => {
    const older = await ask('westerns, the older the better');
    const plain = await ask('westerns');
    const mean = (ms: { release_date?: string | null }[]) =>
      ms.reduce((n, m) => n + Number(m.release_date!.slice(0, 4)), 0) / ms.length;
    expect(older.picks.length).toBeGreaterThanOrEqual(3);
    expect(mean(older.picks)).toBeLessThan(mean(plain.picks));
    expect(chat.engine.parse('westerns, the older the better').yearTo).toBeUndefined();
  });
});

describe('decision 0131, second part: from fresh40', () => {
  it('"none of that supernatural nonsense", "it can\'t be animated", "rebelled against cartoons" rule out', () => {
    const scary = chat.engine.parse(
      'I want to be scared, but by stuff that could actually happen. No ghosts, none of that supernatural nonsense.',
    );
    expect(scary.keywordsOut).toContain('supernatural');
    expect(scary.keywordsIn).not.toContain('supernatural');
    const kids = chat.engine.parse(
      "family movie for my kids (6 & 10) but it can't be animated, they've apparently rebelled against cartoons",
    );
    expect(kids.genresOut).toContain(GENRE.animation);
    expect(kids.genreGroups.flat()).not.toContain(GENRE.animation);
    // "can be" is no negation.
    expect(chat.engine.parse('a comedy that can be watched with grandma').genresOut).toEqual([]);
  });

  it('"like 8+ score" is a rating, no 8½; "pulp fic" is Pulp Fiction; "Zodiac. That movie." names Zodiac', async () => {
    const q = chat.engine.parse('top rated animated movies only, like 8+ score');
    expect(q.like).toBeUndefined();
    expect(q.minRating).toBe(8);
    expect((await ask('stuff like pulp fic?')).message).toContain('Pulp Fiction');
    const { message } = await ask(
      'Zodiac. That movie. The obsession, the dead ends, the slow dread. Give me more in that vein.',
    );
    expect(message).toContain('[Zodiac](/movie/1949)');
    expect(message).not.toContain('Dead End');
    // A first sentence the reading takes as a request is that request, not a film of that name.
    expect(chat.engine.parse('date night. she likes romance, i like action. compromise?').moods).toContain(
      'date-night',
    );
    expect((await ask('date night. she likes romance, i like action. compromise?')).message).not.toContain(
      '/movie/35056',
    );
  });

  it('"what movies is bryan cranston in" is a person; a tip or popcorn to make is off-topic', async () => {
    expect(chat.engine.parse('what movies is bryan cranston in').person).toBe('Bryan Cranston');
    for (const message of [
      "quick one - what's a 15% tip on $84.50?",
      'how do i make popcorn taste like the cinema kind? mine always comes out sad',
    ]) {
      const { picks, message: reply } = await ask(message);
      expect(picks, message).toEqual([]);
      expect(reply, message).toContain('I can only help with movies');
    }
    // Popcorn with a film asked for is a film request.
    expect((await ask('how do i make popcorn? and a sad movie to go with it')).picks.length).toBeGreaterThan(
      0,
    );
  });
});

describe('decision 0131, from fresh41', () => {
  it('"fast & furious marathon": the franchise; "not lotr or the hobbit": both ruled out', async () => {
    const { picks } = await ask('fast & furious marathon this weekend lol which ones do we need');
    expect(picks[0]?.title).toBe('The Fast and the Furious');
    const lotr = await ask('lotr vibes but not actually lotr or the hobbit, seen em all');
    expect(lotr.picks.length).toBeGreaterThanOrEqual(3);
    for (const m of lotr.picks) expect(m.title).not.toMatch(/Lord of the Rings|Hobbit/);
  });

  it('"the dark night was insane": a famous title typed with a slip before praise', async () => {
    expect(
      chat.engine.parse('the dark night was insane. anything with that same energy??').like?.movie?.id,
    ).toBe(155);
    expect(chat.engine.parse('the night was amazing, what a party. now a comedy').like).toBeUndefined();
  });
});

describe('decision 0131: seen, over, allowed', () => {
  it('"I\'ve seen the Conjurings": films seen, not the franchise asked for; "kind of over jump scares" rules out', () => {
    const q = chat.engine.parse(
      "I've seen the Conjurings, Insidious, Sinister. I'm kind of over jump scares. I want slow creepy horror",
    );
    expect(q.keywordsOut).toContain('jump scare');
    expect(q.keywordsIn).not.toContain('jump scare');
    expect(chat.engine.parse('all the harry potters in order').genreGroups).toEqual([]);
  });

  it('a franchise in the plural after "seen" is not listed as asked for', async () => {
    const { message } = await ask("I've seen the Conjurings and Insidious. slow creepy horror please");
    expect(message).not.toContain('films in the catalog, in order of release');
    expect((await ask('all the harry potters in order')).message).toContain('in order of release');
  });

  it('"foreign totally fine", "subtitles are fine": allowed, not required', () => {
    expect(chat.engine.parse('slow creepy horror. Foreign totally fine.').languages).toEqual([]);
    expect(chat.engine.parse('korean films please, subtitles are fine').languages).toEqual(['ko']);
    expect(chat.engine.parse('foreign horror films').languages).toEqual(['!en']);
  });
});
