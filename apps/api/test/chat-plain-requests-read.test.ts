import { describe, expect, it } from 'vitest';
import type { CatalogMovie } from '@app/catalog';
import { GENRE } from '../src/modules/chat/understand/lexicon';
import { NOT_IN_CATALOG_MARKERS, OFF_TOPIC, PEOPLE_QUESTION } from '../src/modules/chat/wording';
import { chatSuite } from './helpers/catalog';

/**
 * Decision 0152: plain requests that were taken for small talk or read against their words. A kind
 * named in the plural beside an off-topic word ("courtroom dramas, lawyers") asks for films; "what's
 * similar to X" frames a title; a director described by their films is a person question; "give me
 * 3 more" is that many more; "not shorts" is feature length; "non-pixar" rules out Pixar only;
 * "other than the hangover movies" narrows the last request; "straight fire" is praise; a long title
 * with a slip is that film; a mood ruled out alone ("my dad hates twisty plots") asks for films.
 */
const chat = chatSuite();
const saysMissing = (message: string) => NOT_IN_CATALOG_MARKERS.some((m) => message.includes(m));
const hasGenre = (films: readonly CatalogMovie[], genre: number) =>
  films.every((f) => f.genre_ids.includes(genre));
const HANGOVER = 86119;
const ETERNAL_SUNSHINE = 38;

describe('a request is not taken for small talk', () => {
  it('"i really like courtroom dramas, lawyers, trials, a jury…" asks for courtroom dramas', async () => {
    const a = await chat.ask(
      'i really like courtroom dramas, lawyers, trials, a jury deciding everything. any recs',
    );
    expect(a.message).not.toBe(OFF_TOPIC);
    expect(a.picks.length).toBeGreaterThanOrEqual(3);
    expect(hasGenre(a.picks, GENRE.drama)).toBe(true);
    // Off-topic words alone still are ("i need a lawyer for my divorce").
    expect((await chat.ask('i need a lawyer for my divorce')).picks).toEqual([]);
  });

  it('"need a movi that makes me laff so hard i pee lmaooo" asks for comedies', async () => {
    const a = await chat.ask('need a movi that makes me laff so hard i pee lmaooo');
    expect(a.picks.length).toBeGreaterThanOrEqual(3);
    expect(hasGenre(a.picks, GENRE.comedy)).toBe(true);
  });

  it('"what\'s similar to everything everywhere all at once" says the film is missing', async () => {
    const a = await chat.ask("what's similar to everything everywhere all at once");
    expect(saysMissing(a.message), a.message).toBe(true);
    expect(a.message.toLowerCase()).toContain('everything everywhere all at once');
    // A question about something else keeps its reading.
    expect((await chat.ask("what's the weather like in paris")).picks).toEqual([]);
  });

  it('"that director who did jaws and e.t., what else did he make?" says people cannot be looked up', async () => {
    const a = await chat.ask('that director who did jaws and e.t., what else did he make?');
    expect(a.message).toBe(PEOPLE_QUESTION);
    expect(a.picks).toEqual([]);
  });

  it('"my dad hates twisty plots", "nothing confusing please" ask for films, nothing too mind-bending', async () => {
    for (const message of ['my dad hates twisty plots', 'nothing confusing please']) {
      const a = await chat.ask(message);
      expect(a.picks.length, message).toBeGreaterThanOrEqual(3);
      expect(a.message).toMatch(/nothing too (?:mind-bending|twisty)/);
    }
  });
});

describe('how many more', () => {
  it('"give me 3 more" after 90s action: three more 90s action films, none shown before', async () => {
    const [first, more] = await chat.conversation('90s action', 'give me 3 more');
    expect(more!.films).toHaveLength(3);
    expect(hasGenre(more!.films, GENRE.action)).toBe(true);
    for (const f of more!.films) {
      expect(Number(f.release_date!.slice(0, 4))).toBeGreaterThanOrEqual(1990);
      expect(Number(f.release_date!.slice(0, 4))).toBeLessThanOrEqual(1999);
      expect(first!.films.map((x) => x.id)).not.toContain(f.id);
    }
  });

  it('"another two please" is two more; "i want 2 more kids to watch with" counts no films', async () => {
    const [, more] = await chat.conversation('heist films', 'another two please');
    expect(more!.films).toHaveLength(2);
    const kids = await chat.answer('i want 2 more kids to watch with');
    expect(kids.picks.length).toBeGreaterThanOrEqual(3);
  });
});

describe('what is ruled out, and only that', () => {
  it('"full length ones not shorts": animated features of an hour or more', async () => {
    const a = await chat.ask('animated movies rated 8 or higher, full length ones not shorts');
    expect(a.picks.length).toBeGreaterThanOrEqual(3);
    for (const f of a.picks) {
      expect(f.genre_ids).toContain(GENRE.animation);
      expect(f.runtime).toBeGreaterThanOrEqual(60);
      expect(f.vote_average).toBeGreaterThanOrEqual(8);
    }
  });

  it('"non-pixar animated movies": animation, none of it Pixar\'s', async () => {
    const a = await chat.ask('non-pixar animated movies that are just as good');
    expect(a.picks.length).toBeGreaterThanOrEqual(3);
    for (const f of a.picks) {
      expect(f.genre_ids).toContain(GENRE.animation);
      expect(f.production_companies.map((c) => c.name).join()).not.toMatch(/pixar/i);
    }
    const action = await chat.ask('non-superhero action movies');
    expect(hasGenre(action.picks, GENRE.action)).toBe(true);
  });

  it('"other than the hangover movies…" after a raunchy comedy: comedies, none of The Hangover', async () => {
    const [, other] = await chat.conversation(
      "need a raunchy comedy for my buddy's bachelor party, we'll be drinking",
      "other than the hangover movies, everyone's seen those to death",
    );
    expect(other!.films.length).toBeGreaterThanOrEqual(3);
    expect(hasGenre(other!.films, GENRE.comedy)).toBe(true);
    for (const f of other!.films) expect(f.collection?.id).not.toBe(HANGOVER);
  });

  it('"a movie thats straight fire action the whole way thru": action, no films about fire', async () => {
    const a = await chat.ask(
      'yo whats a movie thats straight fire action the whole way thru, no boring parts',
    );
    expect(a.picks.length).toBeGreaterThanOrEqual(3);
    expect(hasGenre(a.picks, GENRE.action)).toBe(true);
    expect(a.picks.filter((f) => f.keywords.includes('fire'))).toEqual([]);
    expect(a.message).not.toMatch(/\bfire\b/);
  });
});

it('a long title typed with a slip is that film: "whats similar to eternal sunshine of the spotless mine"', async () => {
  const a = await chat.ask('whats similar to eternal sunshine of the spotless mine');
  expect(saysMissing(a.message), a.message).toBe(false);
  expect(a.message).toContain(`/movie/${ETERNAL_SUNSHINE}`);
  expect(a.picks.length).toBeGreaterThanOrEqual(3);
});

describe('what a request names narrows it', () => {
  it('"danish crime movies, that bleak nordic noir feeling": Danish films, not every Nordic language', async () => {
    const a = await chat.ask('danish crime movies, that bleak nordic noir feeling');
    expect(a.picks.length).toBeGreaterThanOrEqual(3);
    for (const f of a.picks) expect(f.original_language).toBe('da');
    // The tradition alone keeps its languages.
    const nordic = await chat.ask('nordic noir');
    expect(new Set(nordic.picks.map((f) => f.original_language)).size).toBeGreaterThan(1);
  });

  it('"a rom com with really good reviews": rated 7 or more', async () => {
    const a = await chat.ask('a rom com with really good reviews, not the generic stuff');
    expect(a.picks.length).toBeGreaterThanOrEqual(3);
    for (const f of a.picks) expect(f.vote_average).toBeGreaterThanOrEqual(7);
  });

  it('"obsessed with harry potter, she\'s read the books": a franchise, nobody\'s name', async () => {
    const a = await chat.answer(
      "my 13 year old daughter is completely obsessed with harry potter, she's read the books 4 times. something with magic like that",
    );
    expect(a.message).not.toMatch(/can't look up people/);
    expect(a.picks.length).toBeGreaterThanOrEqual(3);
  });
});

it('keys struck at random ("asdkfj qwpeoiru zzzz ;;;") are no title the catalog lacks', async () => {
  const a = await chat.ask('asdkfj qwpeoiru zzzz ;;;');
  expect(saysMissing(a.message), a.message).toBe(false);
  expect(a.picks).toEqual([]);
  // A real title the catalog lacks still is one.
  expect(saysMissing((await chat.ask('do you have everything everywhere all at once')).message)).toBe(true);
});
