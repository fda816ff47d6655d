import type { CatalogMovie } from '@app/catalog';
import { describe, expect, it } from 'vitest';
import { forChildren } from '../src/modules/chat/retrieve';
import { GENRE } from '../src/modules/chat/understand/lexicon';
import { chatSuite, playConversation } from './helpers/catalog';

/**
 * Decision 0129: who is watching. An age said of the audience ("we're all 12", "he's 7"), an age
 * by its decade ("we're both late 20s": no film decade), the speaker's own childhood ("as a kid": no
 * children's film), what a child may see (a synced film's certification, grown-up keywords, comic
 * horror with a light side), and fright for a child (the season's creatures, not the horror genre).
 */
const chat = chatSuite();
const { ask } = chat;

describe('decision 0129: an age said of the audience', () => {
  it('"we\'re all 12", "he\'s 7", "she is 9 and loves horses" are children\'s ages', () => {
    expect(chat.engine.parse("scary movies for a sleepover, we're all 12").childAge).toBe(12);
    expect(chat.engine.parse("my nephew is staying over, he's 7. something fun?").childAge).toBe(7);
    expect(chat.engine.parse('she is 9 and loves horses, any ideas').childAge).toBe(9);
  });

  it("a number that counts or measures is no age, nor is a grown-up's", () => {
    expect(chat.engine.parse('we are 4 people, want a heist movie').childAge).toBeUndefined();
    expect(chat.engine.parse("he's 6 feet tall and loves basketball films").childAge).toBeUndefined();
    expect(chat.engine.parse("we're both 30, want a thriller").childAge).toBeUndefined();
  });

  it('"we\'re both late 20s" and "a mid 30s guy" are ages, not film decades', () => {
    const q = chat.engine.parse(
      "first date at my place friday, want a movie thats romantic-ish but not cringe, we're both late 20s. ideas?",
    );
    expect([q.yearFrom, q.yearTo]).toEqual([undefined, undefined]);
    // "not cringe" is embarrassment, no typo of "crying".
    expect(q.moods).not.toContain('sad');
    expect(chat.engine.parse('a comedy for a mid 30s guy').yearFrom).toBeUndefined();
    // The decades of films still are.
    expect(chat.engine.parse('comedies from the late 80s').yearFrom).toBe(1985);
    expect(chat.engine.parse("they're 80s movies i love, more from the 80s").yearFrom).toBe(1980);
  });

  it('the speaker\'s own childhood is a memory: "as a kid" asks for no children\'s film', () => {
    const q = chat.engine.parse(
      'what were the good horror movies from the 2000s? i was too scared to watch them as a kid',
    );
    expect(q.genreGroups).toEqual([[GENRE.horror]]);
    expect(q.yearFrom).toBe(2000);
    expect(q.childAge).toBeUndefined();
    expect(
      chat.engine.parse('films i loved when i was little, something cosy').genreGroups,
    ).not.toContainEqual([GENRE.family]);
  });
});

const film = (genres: number[], extra: Partial<CatalogMovie> = {}) =>
  ({ id: 1, title: 'A film', genre_ids: genres, keywords: [], ...extra }) as CatalogMovie;

describe('decision 0129: what a child may see', () => {
  it("a synced film's certification rules out what it rates above the age", () => {
    expect(forChildren(film([GENRE.adventure], { certification: 'R' }), 12)).toBe(false);
    expect(forChildren(film([GENRE.adventure], { certification: 'PG-13' }), 9)).toBe(false);
    expect(forChildren(film([GENRE.adventure], { certification: 'PG-13' }), 10)).toBe(true);
    // An R-rated family film is still no film for a child.
    expect(forChildren(film([GENRE.family, GENRE.comedy], { certification: 'R' }), 12)).toBe(false);
  });

  it('a grown-up keyword rules a film out; a comic horror film with a light side is in', () => {
    expect(forChildren(film([GENRE.comedy], { keywords: ['strip club'] }), 11)).toBe(false);
    expect(forChildren(film([GENRE.action, GENRE.drama], { keywords: ['blood'] }), 11)).toBe(false);
    expect(forChildren(film([GENRE.comedy]), 11)).toBe(true);
    // Gremlins, Goosebumps: a comedy with fantasy or adventure; not a comic crime-horror film.
    expect(forChildren(film([GENRE.fantasy, GENRE.horror, GENRE.comedy]), 10)).toBe(true);
    expect(forChildren(film([GENRE.comedy, GENRE.horror, GENRE.crime, GENRE.adventure]), 10)).toBe(false);
    expect(forChildren(film([GENRE.horror, GENRE.comedy]), 10)).toBe(false);
    // Below 9 only a family film, as before.
    expect(forChildren(film([GENRE.fantasy, GENRE.horror, GENRE.comedy]), 8)).toBe(false);
  });

  it('"scary movies for a sleepover, we\'re all 12": spooky films for children, never Psycho', async () => {
    const { message, picks } = await ask("scary movies for a sleepover, we're all 12");
    expect(message).toContain('spooky');
    expect(picks.length).toBeGreaterThanOrEqual(3);
    for (const m of picks) {
      expect(forChildren(m, 12), m.title).toBe(true);
      expect(m.title).not.toBe('Psycho');
    }
  });

  it('"a scary movie for my 8 year old": family films with the season\'s creatures', async () => {
    const { message, picks } = await ask('a scary movie for my 8 year old');
    expect(message).toContain('spooky');
    expect(picks.length).toBeGreaterThanOrEqual(3);
    for (const m of picks) expect(m.genre_ids, m.title).toContain(GENRE.family);
  });
});

describe('decision 0129: how a film is told, and the occasion', () => {
  it('"slow burn" said of horror keeps horror, told by its atmosphere (no Saw)', async () => {
    const message =
      'i want a horror movie that actually gets under my skin. slow burn, dread, not just cheap jump scares';
    const q = chat.engine.parse(message);
    expect(q.genreGroups).toEqual([[GENRE.horror]]);
    expect(q.moodDirection).toBe('atmospheric');
    const { picks } = await ask(message);
    const titles = picks.map((m) => m.title);
    expect(titles).not.toContain('Saw');
    expect(
      titles.some((t) => ['The Shining', "Rosemary's Baby", 'The Others', 'The Witch'].includes(t)),
    ).toBe(true);
  });

  it('"bleak, moody science fiction": Blade Runner, not the action spectacles', async () => {
    const { picks } = await ask(
      'Looking for bleak, moody science fiction. The darker and more atmospheric the better.',
    );
    const titles = picks.map((m) => m.title);
    expect(titles).toContain('Blade Runner');
    expect(titles).not.toContain('Face/Off');
    expect(titles).not.toContain('Mad Max: Fury Road');
  });

  it("a first date is a romance fun to share: no war, no children's film", async () => {
    const message =
      "first date at my place friday, want a movie thats romantic-ish but not cringe, we're both late 20s. ideas?";
    const q = chat.engine.parse(message);
    expect(q.moods).toContain('date-night');
    expect(q.moods).not.toContain('sad');
    const { picks } = await ask(message);
    expect(picks.length).toBeGreaterThanOrEqual(3);
    for (const m of picks) {
      expect(m.genre_ids, m.title).toContain(GENRE.romance);
      expect(m.genre_ids, m.title).not.toContain(GENRE.animation);
      expect(m.genre_ids, m.title).not.toContain(GENRE.war);
    }
  });

  it('a superlative of a mood\'s word says the mood ("the dumbest funniest thing")', () => {
    const q = chat.engine.parse(
      'bachelor party pregame saturday. need the dumbest funniest thing possible, 8 guys, beers',
    );
    expect(q.moods).toEqual(expect.arrayContaining(['silly', 'funny']));
    expect(chat.engine.parse('whats the creepiest movie ever').moods).toContain('scary');
    // A word that only ends like one is left alone.
    expect(chat.engine.parse('a film set in a forest').moods).toEqual([]);
  });

  it('what the speaker has had enough of in life is no request', () => {
    const q = chat.engine.parse(
      "I've been on nights in the ER, I've seen every kind of blood and drama you can imagine. I just want a big cheerful musical",
    );
    expect(q.moods).not.toContain('violent');
    expect(q.genreGroups).not.toContainEqual([GENRE.drama]);
    expect(q.genreGroups).toContainEqual([GENRE.music]);
  });
});

describe('decision 0129: a title said in a word, a series said as a subject', () => {
  it('"lebowski was great, more?" is like The Big Lebowski, not a title the catalog lacks', async () => {
    const a = await chat.answer('lebowski was great, more?');
    expect(a.seed?.title).toBe('The Big Lebowski');
    expect(a.message).not.toContain("isn't in our catalog");
    expect(a.picks.length).toBeGreaterThanOrEqual(3);
  });

  it('"a man whose whole life is secretly a tv show" asks for a film about one, not for series', async () => {
    const message = 'a movie about a man whose whole life is secretly a tv show';
    const q = chat.engine.parse(message);
    expect(q.wantSeries).toBeUndefined();
    expect(q.allowTv).toBe(false);
    expect((await ask(message)).picks[0]?.title).toBe('The Truman Show');
    expect(chat.engine.parse('any good tv shows about space?').wantSeries).toBe(true);
  });
});

describe('decision 0129: the theme said as the kind of film is the subject', () => {
  it('"submarine movies? something about the claustrophobia": submarine films, claustrophobia lifting', async () => {
    const message = 'any good submarine movies? something about the claustrophobia of being stuck down there';
    const q = chat.engine.parse(message);
    expect(q.keywordsIn).toEqual(['submarine']);
    expect(q.moodKeywords).toContain('claustrophobia');
    const { picks } = await ask(message);
    expect(picks.length).toBeGreaterThanOrEqual(3);
    for (const m of picks) expect(m.keywords, m.title).toContain('submarine');
    // Themes said together as the kind all stay.
    expect(chat.engine.parse('zombie or vampire movies').keywordsIn).toEqual(['zombie', 'vampire']);
  });
});

describe("decision 0129: a franchise judged, a title's own words", () => {
  it('"which Alien films are actually worth my time?": the best loved and the ones to skip', async () => {
    const { message } = await ask("Which Alien films are actually worth my time? I've heard some are rough.");
    const [verdict] = message.split('Here are');
    expect(verdict).toMatch(/Worth your time: .*Alien.*Aliens/);
    expect(verdict).toMatch(/Rated well below them: .*Alien³.*Alien: Resurrection.*the ones to skip/);
    // Not asked, no verdict.
    expect((await ask('harry potter movies')).message).not.toContain('Worth your time');
  });

  it('"is back to the future 3 worth it": no films about the future from the title\'s words', async () => {
    const a = await chat.answer('is back to the future 3 worth it or should i stop after 2');
    expect(a.seed?.title).toBe('Back to the Future Part III');
    expect(a.message).not.toContain('future films');
  });
});

describe('decision 0129: a later year said of a film names another film of that name', () => {
  it('"parasite (the bong joon ho one from 2019)": not in the catalog, never films like the 1982 one', async () => {
    const { message, picks } = await ask(
      'parasite (the bong joon ho one from 2019) was incredible, what should i watch after',
    );
    expect(message).toContain('"Parasite (2019)" isn\'t in our catalog');
    expect(picks).toEqual([]);
    // The film's own year, or a year asked of the films, still names the film.
    const heat = await chat.answer('heat (1995) was great, more like it');
    expect(heat.seed?.title).toBe('Heat');
  });
});

describe('decision 0129: franchises by their names', () => {
  it('"ryan gosling… which of his movies": a person (no Jack Ryan films)', async () => {
    const { message, picks } = await ask(
      'i have the biggest crush on ryan gosling lol which of his movies should i watch first',
    );
    expect(message).not.toContain('Jack Ryan');
    expect(picks.every((m) => m.collection?.name !== 'Jack Ryan Collection')).toBe(true);
  });

  it('"a lotr marathon this weekend, hobbit ones too": both franchises', async () => {
    const { message, picks } = await ask('want to do a lotr marathon this weekend, hobbit ones too');
    expect(message).toContain('Lord of the Rings and Hobbit films');
    expect(picks.map((m) => m.title)).toContain('The Hobbit: An Unexpected Journey');
  });

  it('"harry poter vibes but for grown ups?" is like the first Harry Potter; "harry potter" alone its films', async () => {
    const a = await chat.answer('harry poter vibes but for grown ups?');
    expect(a.seed?.title).toBe("Harry Potter and the Philosopher's Stone");
    expect(a.message).not.toContain("isn't in our catalog");
    const { message, picks } = await ask('harry potter');
    expect(message).toContain('Harry Potter films in the catalog, in order of release');
    expect(picks.length).toBeGreaterThanOrEqual(7);
  });
});

describe('decision 0129: a genre ruled out where it was first said', () => {
  it('"japanese movies that aren\'t anime. i love ghibli but i want live action": no animation', async () => {
    const message = "japanese movies that aren't anime. i love ghibli but i want live action stuff now";
    expect(chat.engine.parse(message).genresOut).toContain(GENRE.animation);
    const { picks } = await ask(message);
    expect(picks.length).toBeGreaterThanOrEqual(3);
    for (const m of picks) {
      expect(m.original_language, m.title).toBe('ja');
      expect(m.genre_ids, m.title).not.toContain(GENRE.animation);
    }
  });
});

describe('decision 0129: films that stand alone', () => {
  it('"NOT a sequel, remake or part of some franchise": no film of a collection, no remake', async () => {
    const message =
      'action movie that is NOT a sequel, remake or part of some franchise. original stuff only';
    const q = chat.engine.parse(message);
    expect(q.standalone).toBe(true);
    expect(q.keywordsOut).toEqual(expect.arrayContaining(['sequel', 'remake']));
    const { picks } = await ask(message);
    expect(picks.length).toBeGreaterThanOrEqual(3);
    for (const m of picks) {
      expect(m.collection, m.title).toBeNull();
      expect(m.genre_ids, m.title).toContain(GENRE.action);
    }
    // Asked for, a sequel is still one.
    expect(chat.engine.parse('a good sequel').standalone).toBeUndefined();
  });
});

describe('decision 0129: a question about the films shown by what it asks', () => {
  it('"which one has the best songs to sing along to?": the most musical of them, not the best rated', async () => {
    const { message, movies, shown } = await playConversation(chat.engine, chat.catalog, [
      "disney movies for a 6 year old's birthday party",
      'which one has the best songs to sing along to?',
    ]);
    expect(message).toContain('the most musical is');
    const musical = (m: CatalogMovie) =>
      m.genre_ids.includes(GENRE.music) || m.keywords.some((k) => ['musical', 'singing', 'song'].includes(k));
    // Films of songs were shown, and the one named first is one of them.
    expect(movies.some(musical)).toBe(true);
    const first = chat.catalog.get(shown[1]![0]!)!;
    expect(musical(first), first.title).toBe(true);
    expect(shown[0]).toEqual(expect.arrayContaining(shown[1]!));
  });
});

describe('decision 0129: the viewing around a request is no topic', () => {
  it('"mess with my head for days": how long it stays, no films about days', async () => {
    const q = chat.engine.parse("something mind-bending that'll mess with my head for days");
    expect(q.moods).toEqual(['mind-bending']);
    expect([...q.themeWords, ...(q.textWords ?? [])]).not.toContain('days');
    expect(
      (await ask("something mind-bending that'll mess with my head for days")).picks.map((m) => m.title),
    ).toContain('Inception');
  });

  it('"12 hr flight to tokyo tmrw… easy crowdpleasers i can half watch": easy watching, no Tokyo', () => {
    const q = chat.engine.parse(
      '12 hr flight to tokyo tmrw, downloading stuff onto my ipad tonight. want easy crowdpleasers i can half watch while dozing',
    );
    expect(q.moods).toContain('easy-watching');
    expect([...q.themeWords, ...q.keywordsIn]).not.toContain('tokyo');
    expect(q.unknown).toEqual([]);
    // A trip that is the film's topic still is.
    expect(chat.engine.parse('a movie about a trip to paris').keywordsIn).toContain('paris');
  });
});
