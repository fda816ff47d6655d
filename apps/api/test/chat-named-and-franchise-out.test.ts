import { describe, expect, it } from 'vitest';
import { GENRE, MOODS } from '../src/modules/chat/understand/lexicon';
import { chatSuite, freshConversation as fresh, playConversation } from './helpers/catalog';

/**
 * Decision 0116: a franchise ruled out by name is its collection ("skip the star wars stuff" is no
 * war film and no "star" theme), for the rest of the conversation; a well-known film the message
 * names by its whole title (seen, loved) and its franchise are not offered back; lesser-known films
 * asked for ("underrated", "less famous") are a reason for obscurity.
 */
const chat = chatSuite();

/** The catalog's films of the collection whose name starts with `name` (at least two). */
function collectionOf(name: string): Set<number> {
  const ids = chat.catalog.popular.filter((m) => m.collection?.name.startsWith(name)).map((m) => m.id);
  expect(ids.length).toBeGreaterThanOrEqual(2);
  return new Set(ids);
}

describe('a franchise ruled out by name', () => {
  it('is its collection, not its words', () => {
    const q = chat.engine.parse('sci-fi films from before 1990, and skip the star wars stuff');
    expect(q.collectionsOut?.map((c) => c.name)).toEqual(['Star Wars']);
    expect(q.genresOut).not.toContain(GENRE.war);
    expect(q.keywordsOut).not.toContain('star');
  });

  it('reads a list of them', () => {
    const q = chat.engine.parse('fantasy films, no harry potter or lord of the rings');
    expect(q.collectionsOut?.map((c) => c.name).sort()).toEqual(['Harry Potter', 'The Lord of the Rings']);
    expect(q.unknown).not.toContain('lord');
  });

  it('leaves its films out of the list and of the conversation after it', async () => {
    const starWars = collectionOf('Star Wars');
    const { shown } = await playConversation(chat.engine, chat.catalog, [
      'classic sci-fi adventures',
      'only before 1990 please, and skip the star wars stuff',
      'another',
    ]);
    expect(shown[1]!.length).toBeGreaterThanOrEqual(3);
    expect(shown[2]!.length).toBeGreaterThanOrEqual(3);
    for (const id of [...shown[1]!, ...shown[2]!]) expect(starWars.has(id)).toBe(false);
  });

  it('is not read where no franchise is ruled out', () => {
    expect(chat.engine.parse('a war film set among the stars').collectionsOut).toBeUndefined();
    expect(chat.engine.parse('something like star wars').collectionsOut).toBeUndefined();
  });

  it('is the franchise when typed as a name in a request for other films, never request words', () => {
    const q = chat.engine.parse('My wife suggested Star Wars but he has seen every single one twice');
    expect(q.collectionsOut?.map((c) => c.name)).toEqual(['Star Wars']);
    expect(q.genreGroups.flat()).not.toContain(GENRE.war);
    // Lower case outside a negation, or request words only: the words are read as usual.
    expect(chat.engine.parse('a romcom with actual grown-ups').collectionsOut).toBeUndefined();
    const scary = chat.engine.parse('i want a scary movie but nothing gory');
    expect(scary.collectionsOut).toBeUndefined();
    expect(scary.genreGroups).toEqual([[GENRE.horror]]);
    expect(chat.engine.parse('nothing scary, movie night with the kids').genresOut).toContain(GENRE.horror);
  });
});

describe('a film the message names', () => {
  // Decision 0121: its franchise is named once at most (the independent sets' obvious picks for
  // "like Before Sunrise", "like Fury Road" are Before Sunset, Mad Max 2), never the film itself.
  it('is not offered back; its franchise once at most', async () => {
    const shrek = collectionOf('Shrek');
    const { movies } = await playConversation(chat.engine, chat.catalog, [
      'my nephew adores shrek 2, what other animated films would he like?',
    ]);
    expect(movies.length).toBeGreaterThanOrEqual(3);
    expect(movies.map((m) => m.title)).not.toContain('Shrek 2');
    expect(movies.filter((m) => shrek.has(m.id)).length).toBeLessThanOrEqual(1);
  });

  it.each([
    ['i liked the matrix, similar ones pls but no sequels', 'The Matrix'],
    ['something like alien but not a sequel', 'Alien'],
  ])('%s: none of its franchise', async (message, title) => {
    const franchise = collectionOf(title);
    const { movies } = await playConversation(chat.engine, chat.catalog, [message]);
    expect(movies.length).toBeGreaterThanOrEqual(3);
    for (const m of movies) expect(franchise.has(m.id), m.title).toBe(false);
  });

  it('"not the sequels pls, seen them all" after "like die hard": none of its franchise', async () => {
    const franchise = collectionOf('Die Hard');
    const { movies } = await playConversation(chat.engine, chat.catalog, [
      'like die hard',
      'not the sequels pls, seen them all',
    ]);
    expect(movies.length).toBeGreaterThanOrEqual(3);
    for (const m of movies) expect(franchise.has(m.id), m.title).toBe(false);
  });

  it('a film of its franchise typed by name, even of one word, is known: "saw Alien and Aliens"', async () => {
    const { movies } = await playConversation(chat.engine, chat.catalog, [
      'just saw alien and aliens back to back, more like those',
    ]);
    expect(movies.map((m) => m.title)).not.toContain('Aliens');
  });

  it('"like before sunrise": its sequel is named', async () => {
    const { movies } = await playConversation(chat.engine, chat.catalog, ['movies like before sunrise']);
    expect(movies.map((m) => m.title)).toContain('Before Sunset');
  });

  it('is named by a whole title of two words or more only', () => {
    const named = (m: string) => [...chat.engine.filmsNamedIn(m)].map((id) => chat.catalog.get(id)!.title);
    expect(named('we just watched finding nemo, what else for the kids?')).toContain('Finding Nemo');
    // One-word titles are plain words too ("cheer me up", "her birthday").
    expect(named('something to cheer me up for her birthday')).toEqual([]);
  });

  it('still lists its franchise when the franchise is asked for', async () => {
    const { movies } = await playConversation(chat.engine, chat.catalog, ['the godfather movies in order']);
    expect(movies.map((m) => m.title)).toContain('The Godfather');
  });
});

describe('lesser-known films asked for', () => {
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

  it('is read as such, not typo-corrected to another word', () => {
    const q = chat.engine.parse('give me a few underrated horror comedies');
    expect(q.lesserKnown).toBe(true);
    expect(q.keywordsIn).toEqual([]);
    expect(q.genreGroups.flat()).toEqual(expect.arrayContaining([GENRE.horror, GENRE.comedy]));
    expect(chat.engine.parse('any hidden gems from the 90s?').lesserKnown).toBe(true);
    expect(chat.engine.parse('a famous horror comedy').lesserKnown).toBeUndefined();
  });

  it('asked for alone, as a question, is a request and not off-topic (decision 0142)', async () => {
    const q = chat.engine.parse("hidden gems? stuff most people haven't seen but is really good");
    expect(q.social).toBeUndefined();
    const a = await chat.engine.answer(
      "hidden gems? stuff most people haven't seen but is really good",
      fresh(),
    );
    expect(a.picks.length).toBeGreaterThanOrEqual(3);
  });

  it('lists less famous films of the same kind than the plain request', async () => {
    const plain = await playConversation(chat.engine, chat.catalog, ['horror comedies']);
    const lesser = await playConversation(chat.engine, chat.catalog, ['underrated horror comedies']);
    expect(lesser.message).toContain('lesser-known');
    expect(lesser.movies.length).toBeGreaterThanOrEqual(3);
    for (const m of lesser.movies)
      expect(m.genre_ids).toEqual(expect.arrayContaining([GENRE.horror, GENRE.comedy]));
    expect(median(lesser.movies.map((m) => m.vote_count))).toBeLessThan(
      median(plain.movies.map((m) => m.vote_count)),
    );
  });

  it('holds for a follow-up that asks for it ("something less famous")', async () => {
    const { movies, shown } = await playConversation(chat.engine, chat.catalog, [
      'a sci-fi film',
      'seen them all. something less famous but still great',
    ]);
    expect(movies.length).toBeGreaterThanOrEqual(3);
    for (const m of movies) expect(m.genre_ids).toContain(GENRE.scifi);
    const first = shown[0]!.map((id) => chat.catalog.get(id)!.vote_count);
    expect(median(movies.map((m) => m.vote_count))).toBeLessThan(median(first));
  });
});

describe('requests read as said', () => {
  it('"2016 or 2017" is both years', () => {
    const q = chat.engine.parse("what's good from 2016 or 2017?");
    expect([q.yearFrom, q.yearTo]).toEqual([2016, 2017]);
    const one = chat.engine.parse('a film from 1994 or so');
    expect([one.yearFrom, one.yearTo]).toEqual([1994, 1994]);
  });

  it('"surprise me" asks for films, not for the "surprise" theme', () => {
    const q = chat.engine.parse('surprise me');
    expect(q.keywordsIn).toEqual([]);
    expect(q.vague).toBe(true);
    expect(chat.engine.parse('a movie with a surprise ending').keywordsIn).toEqual(['surprise ending']);
  });

  it('an occasion is no theme the films must carry', async () => {
    const q = chat.engine.parse('hosting a halloween party, want horror that is actually funny');
    expect(q.keywordsIn).toEqual([]);
    expect(q.moodKeywords).toContain('halloween');
    expect(chat.engine.parse('a party movie').keywordsIn).toEqual(['party']);
    expect(chat.engine.parse('a halloween movie').keywordsIn).toEqual(['halloween']);
    const { movies } = await playConversation(chat.engine, chat.catalog, [
      'hosting a halloween party, want horror that is actually funny',
    ]);
    expect(movies.length).toBe(5);
    for (const m of movies) expect(m.genre_ids).toEqual(expect.arrayContaining([GENRE.horror, GENRE.comedy]));
    // The best-known horror comedies lack the keyword: they are not left out for it.
    expect(movies.some((m) => !m.keywords.includes('halloween'))).toBe(true);
  });

  it('"trippy" asks for surreal, hallucinatory films of any genre', async () => {
    const q = chat.engine.parse('smthn trippy af to watch high lol');
    expect(q.moods).toEqual(['trippy']);
    expect(q.genreGroups).toEqual([]);
    const trippy = new Set(MOODS.find((m) => m.mood === 'trippy')!.keywords);
    const { movies } = await playConversation(chat.engine, chat.catalog, [
      'smthn trippy af to watch high lol',
    ]);
    expect(movies.length).toBe(5);
    expect(movies.filter((m) => m.keywords.some((k) => trippy.has(k))).length).toBeGreaterThanOrEqual(3);
    expect(chat.engine.parse('a mind-bending thriller').moods).toEqual(['mind-bending']);
  });

  it('the viewing situation is no theme, unless said as the topic', () => {
    const q = chat.engine.parse('12 hour flight tomorrow, home sick on the couch. something funny');
    expect(q.themeWords).toEqual([]);
    expect(q.unknown).toEqual([]);
    expect(q.genreGroups).toEqual([[GENRE.comedy]]);
    const topic = chat.engine.parse('a movie about a plane flight');
    expect([...topic.keywordsIn, ...topic.themeWords]).toEqual(expect.arrayContaining(['flight', 'plane']));
    // Food stays a word: ordering a pizza is no request for films.
    expect(chat.engine.parse('lol perfect. can you also order me a pizza').social).toBe('off-topic');
  });

  it('"heavy" said of films is a complaint, unless the sad mood is asked too', () => {
    for (const m of ['need a quick watch before bed, nothing heavy', 'hmm, that sounds heavy. something fun'])
      expect(chat.engine.parse(m).notMoods).toContain('sad');
    const both = chat.engine.parse('hmm too heavy. sad but hopeful?');
    expect(both.moods).toContain('sad');
    expect(both.notMoods ?? []).not.toContain('sad');
    const metal = chat.engine.parse('a heavy metal documentary');
    expect(metal.keywordsIn).toEqual(['heavy metal']);
    expect(metal.notMoods).toBeUndefined();
  });

  it('a French request verb is no mood heard by ear', () => {
    const q = chat.engine.parse('tu pourrais me conseiller un bon thriller psychologique ?');
    expect(q.moods).not.toContain('scary');
    expect(q.genreGroups).toEqual([[GENRE.thriller]]);
  });
});
