import { describe, expect, it } from 'vitest';
import { madeBy } from '../src/modules/chat/retrieve';
import { GENRE } from '../src/modules/chat/understand/lexicon';
import { chatSuite, playConversation } from './helpers/catalog';

/**
 * Decision 0124: a fact asked of a film typed loosely ("how long is lord of the rings fellowship of
 * the ring", "whats the rating on amelie") is answered from its data; "the full order" after a
 * franchise's list; "which one of those is the saddest"; Marvel and DC ruled out or asked for
 * (their comics' keyword too); a country asked for ("and british", "filmes brasileiros").
 */
const chat = chatSuite();
const { ask } = chat;

describe('a fact asked of a film named loosely', () => {
  it('"how long is lord of the rings fellowship of the ring": its runtime, no list', async () => {
    const fellowship = chat.catalog.get(120)!;
    const { message, picks } = await ask('how long is lord of the rings fellowship of the ring');
    expect(picks.length).toBeLessThanOrEqual(1);
    expect(message).toContain(`(${fellowship.runtime} minutes)`);
  });

  it('"how long is the fellowship of the ring?": the catalog title is longer, still its runtime', async () => {
    const { message } = await ask('how long is the fellowship of the ring?');
    expect(message).toContain(`(${chat.catalog.get(120)!.runtime} minutes)`);
  });

  it('"whats the rating on amelie" and "what is amelie rated?": its rating; "is heat any good?" still lists films', async () => {
    const amelie = chat.catalog.get(194)!;
    for (const q of ['whats the rating on amelie', 'what is amelie rated?']) {
      const { message } = await ask(q);
      expect(message).toContain(`rated ${amelie.vote_average}`);
      expect(message).not.toMatch(/only help with movies/);
    }
    const heat = await ask('is heat any good?');
    expect(heat.picks.length).toBeGreaterThanOrEqual(3);
  });
});

describe('asked of a list shown', () => {
  it('"and after that? give me the full order" after the Harry Potter films: all of them, in order', async () => {
    const { movies } = await playConversation(chat.engine, chat.catalog, [
      'want to finally start the harry potter films, which one comes first?',
      'and after that? give me the full order',
    ]);
    expect(movies.length).toBe(8);
    expect(movies.every((m) => m.collection?.name === 'Harry Potter Collection')).toBe(true);
    const dates = movies.map((m) => m.release_date ?? '');
    expect(dates).toEqual([...dates].sort());
  });

  it('"which one of those is the saddest": one of the films shown, saddest first', async () => {
    const { message, movies, shown } = await playConversation(chat.engine, chat.catalog, [
      'comedies',
      'which one of those is the saddest',
    ]);
    expect(movies.length).toBeGreaterThan(0);
    expect(movies.every((m) => shown[0]!.includes(m.id))).toBe(true);
    expect(message).toMatch(/saddest/);
  });
});

describe('Marvel, DC and countries', () => {
  it('"ugh not marvel or dc lol" after superhero films: none of theirs, by company or comics keyword', async () => {
    const { movies } = await playConversation(chat.engine, chat.catalog, [
      'give me some superhero movies',
      'ugh not marvel or dc lol',
    ]);
    expect(movies.length).toBeGreaterThanOrEqual(3);
    expect(movies.some((m) => madeBy(m, 'marvel') || madeBy(m, 'dc'))).toBe(false);
    // Batman (1989) lists Warner Bros., not DC: its comics keyword says whose it is.
    expect(madeBy(chat.catalog.get(268)!, 'dc')).toBe(true);
  });

  it('"crime movies" → "make it funnier" → "and british": British crime comedies', async () => {
    const { message, movies } = await playConversation(chat.engine, chat.catalog, [
      'crime movies',
      'make it funnier',
      'and british',
    ]);
    expect(movies.length).toBeGreaterThanOrEqual(3);
    expect(
      movies.every(
        (m) =>
          m.production_countries.includes('GB') &&
          m.genre_ids.includes(GENRE.crime) &&
          m.genre_ids.includes(GENRE.comedy),
      ),
    ).toBe(true);
    expect(message).toMatch(/British/);
  });

  it('"me indica uns filmes brasileiros bons? quero mostrar pra minha namorada gringa": Brazilian films', async () => {
    const { picks } = await ask(
      'me indica uns filmes brasileiros bons? quero mostrar pra minha namorada gringa',
    );
    expect(picks.length).toBeGreaterThanOrEqual(3);
    expect(picks.every((m) => m.production_countries.includes('BR'))).toBe(true);
  });

  it('"movies in english" is a language, not British films', async () => {
    const { picks } = await ask('movies in english');
    expect(picks.length).toBeGreaterThanOrEqual(3);
    expect(picks.some((m) => !m.production_countries.includes('GB'))).toBe(true);
  });
});
