import { describe, expect, it } from 'vitest';
import { Retriever } from '../src/modules/chat/retrieve';
import { GENRE } from '../src/modules/chat/understand/lexicon';
import { emptyQuery } from '../src/modules/chat/understand/query';
import { chatSuite, freshConversation as fresh } from './helpers/catalog';

/**
 * Decision 0118: a film's love weighs more against its fame (a friend names the well-loved film of
 * the kind first); a title of common words typed in lower case is a title when a cue names it and
 * it is all the cue names ("anything like get out?"); "twisty" asks for a twist, not a mind-bender;
 * a catalog keyword ("stoner") is its theme, not a loose mood; a tone said of a kind of film
 * ("scary animated", "a gripping documentary") ranks its films instead of filtering them.
 */
const chat = chatSuite();

const films = (picks: { movie: { id: number } }[]) => picks.map((p) => chat.catalog.get(p.movie.id)!);

describe('a well-loved film before a better-known, less-loved one of the same fit', () => {
  it('Song of the Sea (7.7, little known) before Alice in Wonderland (6.4, famous) on one shared theme', () => {
    const [song, alice, garfield] = [110416, 12155, 8920];
    expect(chat.catalog.get(song)!.vote_count).toBeLessThan(chat.catalog.get(alice)!.vote_count / 5);
    const byKeyword = new Map([['a shared theme', new Set([song, alice, garfield])]]);
    const retriever = new Retriever(chat.catalog, byKeyword, () => null, false);
    const found = retriever.retrieve(
      { ...emptyQuery('en'), keywordsIn: ['a shared theme'] },
      { exclude: new Set(), seed: null, neighbours: null },
    );
    expect(found.picks.map((p) => p.movie.id)).toEqual([song, alice, garfield]);
  });
});

describe('a title of common words in lower case', () => {
  it.each([
    ['movies like get out', 419430],
    ['just watched get out, loved it. anything similar?', 419430],
    ['anything like up?', 14160],
    ['something like her', 152601],
  ])('%s: the film named', (message, id) => {
    expect(chat.engine.parse(message).like?.movie?.id).toBe(id);
  });

  it.each([
    'I want to get out of the house, a feel-good film',
    'something like up to 2 hours long',
    'my mom wants something like her favourites',
  ])('%s: ordinary words, no film named', (message) => {
    expect(chat.engine.parse(message).like?.movie ?? null).toBeNull();
  });
});

describe('"twisty" asks for a twist', () => {
  it('a twisty thriller: mysteries first, not time travel and dreams', async () => {
    const message = 'need a twisty thriller, the kind where the ending makes you rewatch it';
    const q = chat.engine.parse(message);
    expect(q.moods).toContain('twisty');
    expect(q.moods).not.toContain('mind-bending');
    const a = await chat.engine.answer(message, fresh());
    const picks = films(a.picks);
    expect(picks.length).toBeGreaterThanOrEqual(3);
    for (const m of picks) expect(m.genre_ids).toContain(GENRE.thriller);
    expect(picks.filter((m) => m.genre_ids.includes(GENRE.mystery)).length).toBeGreaterThanOrEqual(3);
  });
});

describe('a catalog keyword is its theme, not a loose mood', () => {
  it('"stoner comedies": comedies about stoners, not surreal films', async () => {
    const message = 'stoner comedies. the dumber the better lmao';
    const q = chat.engine.parse(message);
    expect(q.moods).not.toContain('trippy');
    expect(q.keywordsIn).toContain('stoner');
    const picks = films((await chat.engine.answer(message, fresh())).picks);
    expect(picks.length).toBeGreaterThanOrEqual(3);
    for (const m of picks) {
      expect(m.genre_ids).toContain(GENRE.comedy);
      expect(m.keywords, m.title).toContain('stoner');
    }
  });
});

describe('a tone said of a kind of film ranks, the kind filters', () => {
  it.each([
    ['a gripping documentary', GENRE.documentary],
    ['scary animated movies', GENRE.animation],
    ['funny documentaries', GENRE.documentary],
  ])('%s: a full list of that kind, not the few tagged with the tone', async (message, kind) => {
    const picks = films((await chat.engine.answer(message, fresh())).picks);
    expect(picks).toHaveLength(5);
    for (const m of picks) expect(m.genre_ids, m.title).toContain(kind);
  });

  it('"a horror animated film" names its genre: that filters', () => {
    expect(chat.engine.parse('a horror animated film').moodGroups ?? []).toEqual([]);
  });
});
