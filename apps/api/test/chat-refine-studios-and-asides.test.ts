import { describe, expect, it } from 'vitest';
import { GENRE, STUDIOS } from '../src/modules/chat/understand/lexicon';
import { chatSuite, playConversation } from './helpers/catalog';

/**
 * Decision 0123: a refinement that rules something out ("nothing old tho", "no action movies")
 * keeps the request it refines; a studio asked for ("pixar movies!") is that studio's films; a trip's
 * length ("2 hr flight") is the longest film; "which would a 5 year old like most?" and "¿cuál de
 * esas tiene mejor puntuación?" ask among the films shown; "nothing like transformers" is no seed;
 * a film composer's name asks about a person; "all the X movies except Y" leaves Y out; "X and Y,
 * in order" lists both franchises.
 */
const chat = chatSuite();
const { ask } = chat;

const year = (m: { release_date: string | null }) => Number(m.release_date?.slice(0, 4));
const byStudio = (key: string) => (m: { production_companies: { name: string }[] }) =>
  m.production_companies.some((c) => STUDIOS[key]!.test(c.name));

describe('a refinement that rules something out keeps the request', () => {
  it('"hmm nothing old tho, 2000 or newer" after thrillers: thrillers from 2000 on, not classics', async () => {
    const { message, movies } = await playConversation(chat.engine, chat.catalog, [
      'need a good thriller for tonight',
      'hmm nothing old tho, 2000 or newer',
    ]);
    expect(movies.length).toBeGreaterThanOrEqual(3);
    expect(movies.every((m) => m.genre_ids.includes(GENRE.thriller) && year(m) >= 2000)).toBe(true);
    expect(message).not.toMatch(/classic/i);
  });

  it('"nothing old" alone after a request: this century, never "classic" films', async () => {
    const { message, movies } = await playConversation(chat.engine, chat.catalog, [
      'comedies',
      'nothing old',
    ]);
    expect(movies.length).toBeGreaterThanOrEqual(3);
    expect(movies.every((m) => m.genre_ids.includes(GENRE.comedy) && year(m) >= 2000)).toBe(true);
    expect(message).not.toMatch(/classic/i);
  });

  it('"less explosions, more ideas. no action movies" after sci-fi: sci-fi without action', async () => {
    const { movies } = await playConversation(chat.engine, chat.catalog, [
      'sci fi recs',
      'less explosions, more ideas. no action movies',
    ]);
    expect(movies.length).toBeGreaterThanOrEqual(3);
    expect(
      movies.every((m) => m.genre_ids.includes(GENRE.scifi) && !m.genre_ids.includes(GENRE.action)),
    ).toBe(true);
  });

  it('"old school kung fu" still asks for old films', async () => {
    const { picks } = await ask('old school kung fu movies');
    expect(picks.length).toBeGreaterThanOrEqual(3);
    expect(picks.every((m) => year(m) <= 1985)).toBe(true);
  });
});

describe('a studio asked for', () => {
  it('"pixar movies!": Pixar films, said so', async () => {
    const { message, picks } = await ask('pixar movies!');
    expect(picks.length).toBeGreaterThanOrEqual(5);
    expect(picks.every(byStudio('pixar'))).toBe(true);
    expect(message).toMatch(/Pixar/);
  });

  it('"anything from a24?": A24 films', async () => {
    const { picks } = await ask('anything from a24?');
    expect(picks.length).toBeGreaterThanOrEqual(3);
    expect(picks.every(byStudio('a24'))).toBe(true);
  });

  it('a studio said of films seen or of one film asks for no studio', async () => {
    const seen = await ask("she's seen all the pixar ones. anything animated?");
    expect(seen.picks.length).toBeGreaterThanOrEqual(3);
    expect(seen.picks.some((m) => !byStudio('pixar')(m))).toBe(true);
  });

  it('"pixar movies" then "more like that one but not pixar": animated, none of Pixar', async () => {
    const { movies } = await playConversation(chat.engine, chat.catalog, [
      'pixar movies',
      'which one is the least sad lol',
      'cool. more like that one but not pixar',
    ]);
    expect(movies.length).toBeGreaterThanOrEqual(3);
    expect(movies.every((m) => m.genre_ids.includes(GENRE.animation) && !byStudio('pixar')(m))).toBe(true);
  });
});

describe('the time there is', () => {
  it('"2 hr flight tomorrow, want a thriller that fits in that": thrillers of 2 hours at most', async () => {
    const { picks } = await ask('2 hr flight tomorrow, want a thriller that fits in that');
    expect(picks.length).toBeGreaterThanOrEqual(3);
    expect(picks.every((m) => m.genre_ids.includes(GENRE.thriller) && !!m.runtime && m.runtime <= 120)).toBe(
      true,
    );
  });

  it('"12 hour flight tomorrow, comedies": anything fits, comedies of any length', async () => {
    const { picks } = await ask('12 hour flight tomorrow, comedies');
    expect(picks.length).toBeGreaterThanOrEqual(3);
    expect(picks.every((m) => m.genre_ids.includes(GENRE.comedy))).toBe(true);
  });
});

describe('asked among the films shown', () => {
  it('"which would a 5 year old like most?" after Pixar films: one of them, no new film', async () => {
    const { message, movies, shown } = await playConversation(chat.engine, chat.catalog, [
      'pixar movies!',
      'which would a 5 year old like most?',
    ]);
    expect(movies.every((m) => shown[0]!.includes(m.id))).toBe(true);
    expect(message).toMatch(/best suited to children/);
  });

  it('"¿cuál de esas tiene mejor puntuación?": the best rated of those shown', async () => {
    const { message, movies, shown } = await playConversation(chat.engine, chat.catalog, [
      'quiero ver pelis de ciencia ficción',
      '¿cuál de esas tiene mejor puntuación?',
    ]);
    const best = shown[0]!
      .map((id) => chat.catalog.get(id)!)
      .sort((a, b) => b.vote_average - a.vote_average)[0]!;
    expect(movies.every((m) => shown[0]!.includes(m.id))).toBe(true);
    expect(message).toContain(`[${best.title}](/movie/${best.id})`);
  });
});

describe('a film ruled out is no seed; a composer is a person', () => {
  it('"robots becoming conscious? not transformers style": no Transformers, none like it first', async () => {
    const { message, picks } = await ask(
      'any good films about AI or robots becoming conscious? not transformers style, more philosophical',
    );
    expect(picks.length).toBeGreaterThanOrEqual(3);
    expect(message).not.toMatch(/like \*\*\[Transformers/);
    expect(picks.some((m) => m.title.startsWith('Transformers'))).toBe(false);
  });

  it('"films with a hans zimmer soundtrack": people cannot be looked up, no films', async () => {
    const { message, picks } = await ask('films with a hans zimmer soundtrack 🎻');
    expect(picks).toHaveLength(0);
    expect(message).toMatch(/look up people/);
    const plain = await ask('movies with a great soundtrack');
    expect(plain.picks.length).toBeGreaterThanOrEqual(3);
  });
});

describe('franchises: one left out, two at once', () => {
  it('"all the fast and furious movies except tokyo drift": the others, in order', async () => {
    const { picks } = await ask('all the fast and furious movies except tokyo drift, that one sucked');
    expect(picks.length).toBeGreaterThanOrEqual(5);
    expect(picks.every((m) => m.collection?.name === 'The Fast and the Furious Collection')).toBe(true);
    expect(picks.some((m) => /tokyo drift/i.test(m.title))).toBe(false);
  });

  it('"lord of the rings AND the hobbit, all of them, in order": both, by release date', async () => {
    const { picks } = await ask('lord of the rings AND the hobbit, all of them, in order pls');
    expect(picks.some((m) => m.title.startsWith('The Lord of the Rings'))).toBe(true);
    expect(picks.some((m) => m.title.startsWith('The Hobbit'))).toBe(true);
    const dates = picks.map((m) => m.release_date ?? '');
    expect(dates).toEqual([...dates].sort());
  });
});
