import { describe, expect, it } from 'vitest';
import { COMPARATIVES, GENRE, THEME_PHRASES } from '../src/modules/chat/understand/lexicon';
import { NOT_IN_CATALOG } from '../src/modules/chat/wording';
import { chatSuite, playConversation } from './helpers/catalog';

/**
 * Decision 0121: among the films shown, "which is best for my 4-year-old?" is answered by how
 * well each suits a child (not by rating) and "what order should I watch them in?" by release
 * order; "raunchy" asks for crude comedies; a title with two slips ("pans labrynth") is still
 * that film; the catalog's only film of a name, little known, is offered with a plain word that
 * a later film of that name is not here.
 */
const chat = chatSuite();
const { ask } = chat;

const linked = (message: string) =>
  [...message.matchAll(/\]\(\/movie\/(\d+)\)/g)].map(([, id]) => Number(id));

describe('questions about the films shown', () => {
  it('"which of those is best for my 4-year-old?": a family film, in English, first; no new film', async () => {
    const first = await playConversation(chat.engine, chat.catalog, ['some good animated movies']);
    const { message, movies, shown } = await playConversation(chat.engine, chat.catalog, [
      'some good animated movies',
      'which of those is best for my 4-year-old?',
    ]);
    expect(first.movies.length).toBeGreaterThanOrEqual(3);
    expect(message).toMatch(/^Of those, the one best suited to children is/);
    expect(new Set(shown[1])).toEqual(new Set(shown[0]));
    expect(movies[0]!.genre_ids).toContain(GENRE.family);
    expect(movies[0]!.original_language).toBe('en');
  });

  it('when none suits a child, it says so and names the mildest', async () => {
    const { message, shown } = await playConversation(chat.engine, chat.catalog, [
      'brutal war films',
      'which of them is best for my 6 year old?',
    ]);
    expect(message).toMatch(/^None of those is made for children; the mildest is/);
    expect(new Set(shown[1])).toEqual(new Set(shown[0]));
  });

  it('"what order should I watch them in?": the order they came out', async () => {
    const { message, movies, shown } = await playConversation(chat.engine, chat.catalog, [
      'the harry potter films',
      'what order should I watch them in?',
    ]);
    expect(message).toMatch(/^Watch them in the order they came out, starting with/);
    expect(new Set(shown[1])).toEqual(new Set(shown[0]));
    const dates = movies.map((m) => m.release_date!);
    expect(dates).toEqual([...dates].sort());
    expect(movies.length).toBeGreaterThanOrEqual(3);
  });
});

describe('raunchy', () => {
  it.each(['something raunchy and dumb', 'gross-out comedies', 'a crude comedy for the lads'])(
    '%s: comedies with crude humour, no family film or musical',
    async (message) => {
      const { picks } = await ask(message);
      expect(picks.length).toBeGreaterThanOrEqual(3);
      const crude = THEME_PHRASES.find(([, , label]) => label === 'raunchy')![0];
      for (const m of picks) {
        expect(m.genre_ids, m.title).toContain(GENRE.comedy);
        expect(m.genre_ids, m.title).not.toContain(GENRE.family);
        expect(m.genre_ids, m.title).not.toContain(GENRE.music);
      }
      expect(picks.filter((m) => m.keywords.some((k) => crude.includes(k))).length).toBeGreaterThanOrEqual(3);
    },
  );
});

describe('titles typed with two slips', () => {
  it.each(['pans labrynth', 'anything like pans labrynth?'])("%s: Pan's Labyrinth", async (message) => {
    const { message: reply } = await ask(message);
    expect(reply).not.toMatch(new RegExp(NOT_IN_CATALOG));
    expect(linked(reply)).toContain(1417);
  });
});

describe('a little-known namesake', () => {
  it('"is parasite on here?": the 1982 film is offered, and a later Parasite said not here', async () => {
    const { message } = await ask('is parasite on here?');
    expect(message).toMatch(
      /The "Parasite" here is a little-known film from 1982; if you meant a later one, that one isn't in our catalog/,
    );
  });

  it('"is parasite on here? the korean one": not the 1982 film (decision 0125); Korean films instead', async () => {
    const { message } = await ask('is parasite on here? the korean one');
    expect(message).toMatch(/^"parasite" isn't in our catalog/);
    expect(linked(message)).not.toContain(48311);
  });

  it('a well-known film of that name gets no such word', async () => {
    const { message } = await ask('is heat on here?');
    expect(linked(message)).toContain(949);
    expect(message).not.toMatch(/little-known/);
  });
});

describe('less scary after horror', () => {
  const spooky = COMPARATIVES.find((c) => c.label === 'less scary')!.insteadKeywords!;
  it.each([
    ['a horror movie', "something less scary, I'm a wimp"],
    ['scary movies', 'too scary, something less frightening'],
  ])('%s → %s: spooky films, none of them horror', async (first, second) => {
    const { message, movies } = await playConversation(chat.engine, chat.catalog, [first, second]);
    expect(message).toMatch(/^Here are five spooky films, less scary this time:/);
    expect(movies.length).toBeGreaterThanOrEqual(3);
    for (const m of movies) {
      expect(m.genre_ids, m.title).not.toContain(GENRE.horror);
      expect(
        m.keywords.some((k) => spooky.includes(k)),
        m.title,
      ).toBe(true);
    }
  });

  it('not when the last request was never scary ("movies from the 80s" → "less scary")', async () => {
    const { message } = await playConversation(chat.engine, chat.catalog, [
      'movies from the 80s',
      'less scary',
    ]);
    expect(message).not.toMatch(/spooky/);
  });
});

describe('scares for fun', () => {
  it.each([
    'hosting a halloween party, want a horror movie that is scary but also fun',
    'Fun-scary, not traumatising. Suggestions?',
    'campy horror for tonight',
  ])('%s: horror comedies', async (message) => {
    const { picks } = await ask(message);
    expect(picks.length).toBeGreaterThanOrEqual(3);
    for (const m of picks) {
      expect(m.genre_ids, m.title).toContain(GENRE.horror);
      expect(m.genre_ids, m.title).toContain(GENRE.comedy);
    }
  });

  it('a pair ruled out still leaves the mood asked for ("was Lustiges, aber keine Liebeskomödie")', async () => {
    const { picks } = await ask('Ich hab Lust auf was Lustiges, aber bitte keine Liebeskomödie');
    expect(picks.length).toBeGreaterThanOrEqual(3);
    for (const m of picks) {
      expect(m.genre_ids, m.title).toContain(GENRE.comedy);
      expect(m.genre_ids, m.title).not.toContain(GENRE.romance);
    }
  });
});

describe('which one, in French', () => {
  it('"lequel est le plus court ?" orders the films shown, shortest first (no "sequel")', async () => {
    const { message, movies, shown } = await playConversation(chat.engine, chat.catalog, [
      "un film d'animation japonais pour mes enfants",
      'lequel est le plus court ?',
    ]);
    expect(message).toMatch(/^Of those, the shortest is/);
    expect(new Set(shown[1])).toEqual(new Set(shown[0]));
    const minutes = movies.map((m) => m.runtime!);
    expect(minutes).toEqual([...minutes].sort((a, b) => a - b));
  });
});
