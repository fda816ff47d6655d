import type { CatalogIndex } from '@app/catalog';
import { beforeAll, describe, expect, it } from 'vitest';
import { chatOverFullCatalog, freshConversation, playConversation } from '../../../../test/helpers/catalog';
import type { ChatEngine } from '../chat-engine';

/**
 * Decision 0105: what kind of turn a message is and what it means. Each rule with phrasings of its
 * own and with messages that must not trigger it.
 */
const fresh = freshConversation;

let catalog: CatalogIndex;
let engine: ChatEngine;
beforeAll(async () => {
  ({ catalog, engine } = await chatOverFullCatalog());
}, 120_000);

/** Plays a conversation through the chat service; the last reply and the films each turn showed. */
async function play(...messages: string[]) {
  const { message, movies, shown } = await playConversation(engine, catalog, messages);
  return { reply: { message, picks: movies.map((movie) => ({ movie })) }, shown };
}

describe('a message about films is never off-topic', () => {
  it.each([
    ["what's good that's above 7.5 and shorter than an hour and a half?", 7.5, 90],
    ['anything over an 8 and under 100 minutes?', 8, 100],
    ['gibt es was mit über 8 Punkten und unter 100 Minuten?', 8, 100],
  ])('%s: a rating and a length asked as a question', (message, rating, runtime) => {
    expect(engine.kindOf(message, fresh())).not.toBe('off-topic');
    const q = engine.parse(message);
    expect(q.minRating).toBe(rating);
    expect(q.runtimeMax).toBe(runtime);
  });

  it.each([
    "what's the weather like in rome this weekend",
    'how many calories in a pizza',
    'write me a poem about movies',
    'give me a recipe for lasagna',
  ])('%s: still off-topic (a subject or a task that is not films)', (message) => {
    expect(engine.kindOf(message, fresh())).toBe('off-topic');
  });

  it('"over 2 hours" and "more than 5 films" are no rating', () => {
    expect(engine.parse('something over 2 hours long').minRating).toBeUndefined();
    expect(engine.parse('give me more than 5 films').minRating).toBeUndefined();
  });
});

describe('people without cast data (offline)', () => {
  it.each([
    ['where should i begin with hitchcock', 'Hitchcock'],
    ['Hast du Filme von Akira Kurosawa?', 'Akira Kurosawa'],
    ['cosas de almodóvar?', 'Almodóvar'],
    ["i'm a huge tarantino fan, what should i watch next", 'Tarantino'],
    ['what about meryl streep, her stuff from the 80s', 'Meryl Streep'],
  ])('%s: says plainly people cannot be looked up, no films', async (message, name) => {
    expect(engine.parse(message).person).toBe(name);
    const a = await engine.answer(message, fresh());
    // (In the message's language, decision 0140: "Ich kann keine Personen nachschlagen", "No puedo
    // buscar personas".)
    expect(a.message).toMatch(/can't look up people|keine Personen nachschlagen|No puedo buscar personas/);
    expect(a.picks).toHaveLength(0);
  });

  it('a person beside a kind of film: the kind is served, and the reply says people cannot be looked up', async () => {
    const a = await engine.answer('something with keanu reeves, preferably action', fresh());
    expect(a.message).toMatch(/^I can't look up people/);
    expect(a.picks.length).toBeGreaterThanOrEqual(3);
    expect(a.picks.every((p) => p.movie.genre_ids.includes(28))).toBe(true);
  });

  it('a person ruled out is no request about them', () => {
    expect(
      engine.parse('samurai films, the actual japanese ones not the tom cruise one').person,
    ).toBeUndefined();
  });

  it.each([
    ["I loved Nolan's Inception, anything like it?", 27205],
    ["kubrick's the shining was great, more like that", 694],
  ])('%s: a film named beside its maker is what is wanted', async (message, id) => {
    const q = engine.parse(message);
    expect(q.person).toBeUndefined();
    expect(q.like?.movie?.id).toBe(id);
  });

  it.each(['a comedy to watch with my friends tonight', "something like Schindler's List"])(
    '%s: no person',
    (message) => expect(engine.parse(message).person).toBeUndefined(),
  );
});

describe('what is wanted and what is ruled out', () => {
  it.each([
    ['want a tense thriller tonight, english only, too tired for subtitles', ['en']],
    ["a comedy please, can't be bothered with subtitles", ['en']],
    ['una de terror en inglés, nada de subtítulos', ['en']],
    ['ein Krimi ohne Untertitel', ['en']],
    ["a drama that isn't in english, subtitles are fine", ['!en']],
    ["I don't mind subtitles, a good crime film", ['!en']],
    ['something not in english', ['!en']],
    ['korean films, subtitles are no problem', ['ko']],
  ])('%s → %j', (message, languages) => {
    expect(engine.parse(message).languages).toEqual(languages);
  });

  it('"less explosions, more ideas" after sci-fi: sci-fi without action', async () => {
    const { reply } = await play('sci-fi films please', 'something smarter. less explosions, more ideas');
    expect(reply.picks.length).toBeGreaterThanOrEqual(3);
    for (const p of reply.picks) {
      expect(p.movie.genre_ids).toContain(878);
      expect(p.movie.genre_ids).not.toContain(28);
    }
  });

  it.each(['a thriller with fewer explosions', 'a sci-fi film, smarter, fewer explosions'])(
    '"%s": "fewer" rules action out as "less" does (no typo of "newer")',
    (message) => {
      const q = engine.parse(message);
      expect(q.genresOut).toContain(28);
      expect(q.moods).not.toContain('action-packed');
      expect(q.followUp).toBeUndefined();
    },
  );

  it.each(['is inception on here?', 'is Inception available?'])(
    '"%s" asks for the film by name (it was spelt into the keyword "infection")',
    (message) => {
      expect(engine.parse(message).like?.movie?.id).toBe(27205);
      expect(engine.parse(message).keywordsIn).not.toContain('infection');
    },
  );

  it('"less famous" is a degree, not a thing ruled out', () => {
    expect(engine.parse('something less famous but still great').keywordsOut).toEqual([]);
    expect(
      engine.parse('less romance, more comedy').keywordsOut.length +
        engine.parse('less romance, more comedy').genresOut.length,
    ).toBeGreaterThan(0);
  });

  it('"less childish" rules family films out; "more action" still asks for action', async () => {
    expect(engine.parse('less childish please').genresOut).toContain(10751);
    const { reply } = await play('sci-fi films please', 'more action, less talking');
    expect(reply.picks.every((p) => p.movie.genre_ids.includes(28))).toBe(true);
  });
});

describe('questions about films answered from their data', () => {
  it.each([
    ['comedias románticas', '¿cuál de esas es la más divertida?', 'funniest'],
    ['science fiction classics', 'welcher davon ist der kürzeste?', 'shortest'],
    ['thrillers', 'which of those is the least violent?', 'least violent'],
    ['westerns', 'ok which one would you pick for a first-timer?', 'best loved'],
  ])('%s, then %s: ordered from the films shown', async (first, question, word) => {
    const { reply, shown } = await play(first, question);
    expect(reply.message).toContain(`the ${word} is`);
    expect(reply.picks.length).toBeGreaterThan(0);
    expect(reply.picks.every((p) => shown[0]!.includes(p.movie.id))).toBe(true);
  });

  it('"is the third one based on a true story?" is answered from its keywords', async () => {
    const { reply, shown } = await play('crime dramas', 'is the third one based on a true story?');
    expect(reply.picks).toHaveLength(0);
    expect(reply.message).toContain(`/movie/${shown[0]![2]}`);
    expect(reply.message).toMatch(/true story|real life|real events/);
  });

  it.each([
    ['How long is The Godfather?', 238, /175 minutes/],
    ['is Empire of the Sun based on a true story?', 10110, /true story/],
    ['when did jaws come out?', 578, /1975/],
  ])('%s: a fact of a named film, no list (its card only: decision 0137)', async (message, id, fact) => {
    const a = await engine.answer(message, fresh());
    expect(a.picks.map((p) => p.movie.id)).toEqual([id]);
    expect(a.message).toContain(`/movie/${id}`);
    expect(a.message).toMatch(fact);
  });

  it.each([
    ['thrillers', 'what are some good comedies?', 35],
    ['westerns', 'which horror films would you recommend?', 27],
  ])('%s, then %s: a question that asks for films is a new list', async (first, next, genre) => {
    const { reply, shown } = await play(first, next);
    expect(reply.picks.length).toBeGreaterThanOrEqual(3);
    expect(reply.picks.every((p) => p.movie.genre_ids.includes(genre))).toBe(true);
    expect(reply.picks.some((p) => shown[0]!.includes(p.movie.id))).toBe(false);
  });

  it('"is Heat any good? something like it" stays a request for films like it', async () => {
    const a = await engine.answer('is Heat any good? something like it', fresh());
    expect(a.picks.length).toBeGreaterThanOrEqual(3);
  });
});

describe("a franchise's order, named anywhere", () => {
  it.each([
    ['in what order should i watch the alien films', 348],
    ['harry potter, how many films are there and in which order?', 671],
    ['back to the future: which one do i watch first?', 105],
    ['qual é a ordem dos filmes do senhor dos anéis?', 120],
    ['star wars order?', 11],
  ])('%s: the franchise in release order', async (message, first) => {
    expect(engine.kindOf(message, fresh())).toBe('franchise');
    const a = await engine.answer(message, fresh());
    expect(a.picks[0]!.movie.id).toBe(first);
  });

  it.each(['alien movies with a twist', 'a movie about a family, in order to cheer up my mum'])(
    '%s: no franchise',
    (message) => expect(engine.kindOf(message, fresh())).not.toBe('franchise'),
  );
});
