import { describe, expect, it } from 'vitest';
import { GENRE } from '../src/modules/chat/understand/lexicon';
import { NOT_IN_CATALOG, NOT_IN_CATALOG_MARKERS } from '../src/modules/chat/wording';
import { chatSuite, freshConversation as fresh, playConversation } from './helpers/catalog';

/**
 * Decision 0118, from fresh15's classes: a title the catalog lacks typed in lower case where only a
 * title can stand; a well-known title typed without its article in a message that asks nothing
 * else; a verdict asked of a film; questions about the films shown asked as "tell me about" or
 * "rated highest"; "lieber" is no "liebe"; a child's birthday is their age; a sleepover is a film
 * night; a listed film person typed without the possessive's apostrophe or with one slip.
 */
const chat = chatSuite();

const films = (picks: { movie: { id: number } }[]) => picks.map((p) => chat.catalog.get(p.movie.id)!);

describe('a title the catalog lacks, typed in lower case', () => {
  it.each([
    ['oppenheimer', 'Oppenheimer'],
    ['encanto?', 'Encanto'],
    ['my daughter is begging for encanto, do u have it', 'Encanto'],
    ['everything everywhere all at once - where can i watch it on here', 'Everything Everywhere All At Once'],
    ['is knives out any good? wanna watch it', 'Knives Out'],
    // Decision 0142: after "do you have", three words or more that ask for nothing are a name.
    ['do you have everything everywhere all at once', 'Everything Everywhere All At Once'],
    ['do u have encanto', 'Encanto'],
    // A subtitle after a catalog title's colon is another film's; a viewing verb opens the name.
    ['i wanna rewatch spider-man: into the spider-verse', 'Spider-Man: Into The Spider-Verse'],
    ['i wanna see star wars: the last jedi', 'Star Wars: The Last Jedi'],
    ['i want to watch top gun maverick', 'Top Gun Maverick'],
    ['Top Gun: Maverick was so good, what else is like it?', 'Top Gun: Maverick'],
  ])('%s: said to be missing, no film in its place', async (message, title) => {
    const a = await chat.engine.answer(message, fresh());
    expect(a.message).toContain(`"${title}" ${NOT_IN_CATALOG}`);
    // The rest of the request may still be served ("my daughter": family films), never as the title.
    for (const m of films(a.picks)) expect(m.title.toLowerCase()).not.toContain(title.toLowerCase());
  });

  it.each([
    'horror from the 80s, do you have it',
    'a comedy. is that on here?',
    'is the new one any good',
    'bored',
    'lighthouse',
    'haha',
    'do you have any recommendations for a date night',
    'do you have something funny for tonight',
    'do you have good sci fi',
    'i want to watch alien: covenant',
    'i wanna rewatch spider-man 2',
  ])('%s: no title said to be missing', async (message) => {
    expect((await chat.engine.answer(message, fresh())).message).not.toContain(NOT_IN_CATALOG);
  });
});

describe('how many of the films shown is no title (decision 0142)', () => {
  it('"seen most of those. anything not in english?": the thrillers again, none in English, no film "Most"', async () => {
    const { message, movies } = await playConversation(chat.engine, chat.catalog, [
      'a tense thriller for tonight',
      'seen most of those. anything not in english?',
    ]);
    expect(message).not.toContain(NOT_IN_CATALOG);
    expect(movies.length).toBeGreaterThanOrEqual(3);
    for (const m of movies) {
      expect(m.title).not.toBe('Most');
      expect(m.original_language, m.title).not.toBe('en');
    }
  });
});

describe('a well-known film typed whole in a message that asks nothing else', () => {
  it('"shawshank redemption... is it actually worth the hype": its rating, the film, then films like it', async () => {
    const a = await chat.engine.answer('shawshank redemption... is it actually worth the hype', fresh());
    expect(a.message).toMatch(
      /The Shawshank Redemption\]\(\/movie\/278\)\*\* \(1994\) is in the catalog, rated 8\.\d by/,
    );
    expect(a.picks.map((p) => p.movie.id)[0]).toBe(278);
    expect(a.picks.length).toBeGreaterThanOrEqual(3);
  });

  it.each([
    ['jaws', 578],
    ['back to the future', 105],
    ['do you have the matrix', 603],
    ['is the matrix on here?', 603],
  ])('%s: the film itself first, then films like it', async (message, id) => {
    const ids = (await chat.engine.answer(message, fresh())).picks.map((p) => p.movie.id);
    expect(ids[0]).toBe(id);
    expect(ids.length).toBeGreaterThanOrEqual(3);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('"something like jaws" asks for other films: the film itself is not among them', async () => {
    const ids = (await chat.engine.answer('something like jaws', fresh())).picks.map((p) => p.movie.id);
    expect(ids).not.toContain(578);
  });
});

describe('questions about the films shown', () => {
  it('"which one of those is rated highest" orders the musicals shown by rating', async () => {
    const { shown, movies } = await playConversation(chat.engine, chat.catalog, [
      'classic musicals? the old singing and dancing kind',
      'ok which one of those is rated highest',
    ]);
    expect(new Set(movies.map((m) => m.id))).toEqual(new Set(shown[0]));
    const ratings = movies.map((m) => m.vote_average);
    expect(ratings).toEqual([...ratings].sort((a, b) => b - a));
  });

  it('"tell me more about the second one" is about that film, no new list', async () => {
    const { shown, message, movies } = await playConversation(chat.engine, chat.catalog, [
      'a heist movie',
      'tell me more about the second one',
    ]);
    const second = chat.catalog.get(shown[0]![1]!)!;
    expect(movies.every((m) => m.id === second.id)).toBe(true);
    expect([...message.matchAll(/\(\/movie\/(\d+)\)/g)].map((m) => Number(m[1]))).toEqual([second.id]);
  });
});

describe('words of other languages and occasions', () => {
  it('"lieber ältere" after science fiction: older science fiction, not romance ("liebe")', async () => {
    const { movies } = await playConversation(chat.engine, chat.catalog, [
      'Gute Science-Fiction-Filme? Gern was Anspruchsvolles',
      'lieber ältere, vor 1985 bitte',
    ]);
    expect(movies.length).toBeGreaterThanOrEqual(3);
    for (const m of movies) {
      expect(m.genre_ids, m.title).toContain(GENRE.scifi);
      expect(Number(m.release_date?.slice(0, 4))).toBeLessThan(1985);
    }
  });

  it("a daughter's 12th birthday sleepover: films for a 12-year-old, not off-topic", async () => {
    const message = "hosting a sleepover for my daughter's 12th bday, 6 girls. what do we put on??";
    expect(chat.engine.parse(message).childAge).toBe(12);
    const picks = films((await chat.engine.answer(message, fresh())).picks);
    expect(picks.length).toBeGreaterThanOrEqual(3);
    for (const m of picks) expect(m.genre_ids).not.toContain(GENRE.horror);
  });

  it("a 60th birthday is no child's", () => {
    expect(chat.engine.parse("my dad's 60th birthday, he loves westerns").childAge).toBeUndefined();
  });
});

describe('a listed film person typed loosely', () => {
  it.each([
    ['whats christopher nolans best film', 'Christopher Nolan'],
    ['any movies w meryl streap?', 'Meryl Streep'],
    ['kubricks best', 'Kubrick'],
  ])('%s: people cannot be looked up, and no film is offered as theirs', async (message, name) => {
    expect(chat.engine.parse(message).person).toBe(name);
    const a = await chat.engine.answer(message, fresh());
    expect(a.message).toMatch(/look up people/);
    expect(a.picks).toHaveLength(0);
  });
});

describe('a well-known title with more of a name after it is another film (a sequel the catalog lacks)', () => {
  it.each([
    ['top gun maverick pls', 'Top Gun Maverick', 744],
    ['blade runner 2049', 'Blade Runner 2049', 78],
    ['tienen blade runner 2049?', 'Blade Runner 2049', 78],
    ['dune part two', 'Dune Part Two', 841],
  ])('%s: "%s" is missing, %s offered', async (message, title, closest) => {
    const a = await chat.engine.answer(message, fresh());
    // Said in the message's language (decision 0144: "no está en nuestro catálogo").
    expect(NOT_IN_CATALOG_MARKERS.some((m) => a.message.includes(`"${title}" ${m}`))).toBe(true);
    expect(a.message).toContain(`(/movie/${closest})`);
    expect(a.picks).toHaveLength(0);
  });

  it.each([
    ['toy story 3', 10193],
    ['the dark knight rises', 49026],
    ['get out was sooo good. anything similar??', 419430],
  ])('%s: a catalog film, not a missing one', async (message, id) => {
    const a = await chat.engine.answer(message, fresh());
    expect(a.message).not.toContain(NOT_IN_CATALOG);
    expect(a.seed?.id ?? a.picks[0]?.movie.id).toBe(id);
  });
});

describe('words misheard before', () => {
  it('"the gorier the better" is the violent mood, not war ("guerra")', async () => {
    const picks = films(
      (await chat.engine.answer('zombie movies!!! the gorier the better lol', fresh())).picks,
    );
    expect(picks.length).toBeGreaterThanOrEqual(3);
    for (const m of picks) expect(m.genre_ids).not.toContain(GENRE.war);
    for (const m of picks) expect(m.keywords.some((k) => k.includes('zombie'))).toBe(true);
  });

  it('"are you chatgpt or what" is about the bot: no films, even beside "robot"', async () => {
    const a = await chat.engine.answer('lol ur pretty smart for a robot. are you chatgpt or what', fresh());
    expect(a.picks).toHaveLength(0);
  });
});

describe('questions among the films shown, asked with "which"', () => {
  it('"which is the least sad?" orders the films shown, lightest first, no new list', async () => {
    const { shown, movies } = await playConversation(chat.engine, chat.catalog, [
      'a sad movie',
      'which is the least sad?',
    ]);
    expect(movies.length).toBeGreaterThanOrEqual(3);
    for (const m of movies) expect(shown[0]).toContain(m.id);
  });

  it('"which one for a first date?" picks among the romantic comedies shown, not "date" films', async () => {
    const { shown, movies } = await playConversation(chat.engine, chat.catalog, [
      'romantic comedies',
      'which one for a first date?',
    ]);
    expect(movies.length).toBeGreaterThanOrEqual(1);
    for (const m of movies) expect(shown[0]).toContain(m.id);
  });

  it('"which came out first?" orders them by release', async () => {
    const { shown, movies } = await playConversation(chat.engine, chat.catalog, [
      'classic musicals',
      'which came out first?',
    ]);
    expect(new Set(movies.map((m) => m.id))).toEqual(new Set(shown[0]));
    const years = movies.map((m) => m.release_date ?? '');
    expect(years).toEqual([...years].sort());
  });

  it('"is the first one in color?" is answered from its data, honestly', async () => {
    const { shown, message } = await playConversation(chat.engine, chat.catalog, [
      'old films from the 1950s',
      'is the first one in color?',
    ]);
    expect(message).toContain(`(/movie/${shown[0]![0]})`);
    expect(message).toMatch(/black and white|in colour/);
  });
});

describe('a title, then "but": films like it, changed so', () => {
  it.each([
    ['inception but darker', 27205],
    ['heat but shorter', 949],
    ['the matrix but older', 603],
  ])('%s: like the film named', async (message, id) => {
    const a = await chat.engine.answer(message, fresh());
    expect(a.seed?.id).toBe(id);
    expect(a.picks.length).toBeGreaterThanOrEqual(3);
    expect(a.picks.map((p) => p.movie.id)).not.toContain(id);
  });

  it.each(['alien but funny', 'superhero movie but NOT marvel, im so sick of marvel', 'horror but funny'])(
    '%s: a kind of film, no film named',
    async (message) => {
      const a = await chat.engine.answer(message, fresh());
      expect(a.seed ?? null).toBeNull();
      expect(a.picks.length).toBeGreaterThanOrEqual(3);
    },
  );
});
