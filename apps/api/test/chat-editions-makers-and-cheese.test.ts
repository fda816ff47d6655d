import { describe, expect, it } from 'vitest';
import { spelledOut } from '../src/modules/chat/chat-engine';
import { chatSuite, freshConversation as fresh } from './helpers/catalog';

/**
 * Decision 0143: a film's edition or cut and its maker said beside its title are no part of the
 * title ("the lord of the rings extended editions" is no film the catalog lacks); the language is
 * told by the words beside a title ("is la la land on here?" is English); "the least cheesy" of the
 * films shown is a question about them.
 */
const chat = chatSuite();

describe("a film's edition or cut names the film", () => {
  it.each([
    ['the lord of the rings extended editions', 'the lord of the rings'],
    ['blade runner the final cut', 'blade runner'],
    ['Blade Runner (The Final Cut)', 'Blade Runner'],
    ["aliens director's cut", 'aliens'],
    ['watching the extended edition of the two towers tonight', 'watching the two towers tonight'],
    // "Final Cut" without "the" is part of titles.
    ['urban legends: final cut', 'urban legends: final cut'],
  ])('"%s" is read as "%s"', (typed, read) => {
    expect(spelledOut(typed)).toBe(read);
  });

  it('"the lord of the rings extended editions" is the trilogy, not a title the catalog lacks', async () => {
    const a = await chat.engine.answer('the lord of the rings extended editions', fresh());
    expect(a.message).not.toMatch(/isn't in our catalog/);
    expect(a.picks.map((p) => p.movie.id)).toEqual([120, 121, 122]);
  });

  it('"blade runner the final cut" is Blade Runner', async () => {
    const a = await chat.engine.answer('blade runner the final cut', fresh());
    expect(a.message).not.toMatch(/isn't in our catalog/);
    expect(a.seed?.id).toBe(78);
  });

  it('"watching the extended edition of the two towers tonight, what else is like it" follows The Two Towers', async () => {
    const a = await chat.engine.answer(
      'watching the extended edition of the two towers tonight, what else is like it',
      fresh(),
    );
    expect(a.seed?.id).toBe(121);
    expect(a.picks.length).toBeGreaterThan(0);
  });
});

describe("a film's maker said beside it", () => {
  it('"Parasite 2019 bong joon ho — is it on here?" asks about the 2019 film, not the director\'s films', async () => {
    const a = await chat.engine.answer('Parasite 2019 bong joon ho — is it on here?', fresh());
    expect(a.message).not.toMatch(/look up people/);
    expect(a.message).toMatch(/^"Parasite" \(2019\) isn't in our catalog/);
  });

  it('"do you have parasite by bong joon ho?" finds the catalog\'s Parasite and says a later one is not here', async () => {
    const a = await chat.engine.answer('do you have parasite by bong joon ho?', fresh());
    expect(a.message).not.toMatch(/"parasite by bong joon ho"/);
    expect(a.message).toMatch(/\[Parasite\]\(\/movie\/48311\)/);
    expect(a.message).toMatch(/if you meant a later one, that one isn't in our catalog/);
  });

  it('a request for the person\'s films is still about the person ("any bong joon ho films?")', async () => {
    const a = await chat.engine.answer('any bong joon ho films?', fresh());
    expect(a.message).toMatch(/look up people/);
  });
});

describe('the language beside a title', () => {
  it('"is la la land on here?" is answered in English (the title\'s "la" is no Spanish)', async () => {
    const a = await chat.engine.answer('is la la land on here?', fresh());
    expect(a.message).toMatch(/\[La La Land\]\(\/movie\/313369\)\*\* \(2016\) is in the catalog/);
  });

  it('"busco algo como la la land" is still Spanish', async () => {
    const a = await chat.engine.answer('busco algo como la la land', fresh());
    expect(a.message).toMatch(/^Aquí tienes/);
  });
});

describe('"the least cheesy" of the films shown', () => {
  const shown = async () => {
    const state = fresh();
    const a = await chat.engine.answer('romcoms from the 2000s', state);
    state.lastPicks = a.picks.map((p) => p.movie.id);
    state.suggested = [...state.lastPicks];
    return state;
  };

  it('"which is the least cheesy of those?" orders the films shown, no new list of cheesy films', async () => {
    const state = await shown();
    expect(chat.engine.kindOf('which is the least cheesy of those?', state)).toBe('about-shown');
    const a = await chat.engine.answer('which is the least cheesy of those?', state);
    expect(a.message).toMatch(/^Of those, the least cheesy is /);
    expect(a.picks.map((p) => p.movie.id).sort()).toEqual([...state.lastPicks].sort());
  });

  it('"which one is the cheesiest?" is the same films the other way round', async () => {
    const state = await shown();
    const least = (await chat.engine.answer('which is the least cheesy of those?', state)).picks.map(
      (p) => p.movie.id,
    );
    const most = (await chat.engine.answer('which one is the cheesiest?', state)).picks.map(
      (p) => p.movie.id,
    );
    expect(most[0]).toBe(least[least.length - 1]);
    expect(most[most.length - 1]).toBe(least[0]);
  });
});

describe('a franchise said seen', () => {
  const collectionOf = (id: number) => chat.catalog.get(id)!.collection!.id;

  it('lower case after "seen", one word between "the" and its films, and the list going on', async () => {
    const message = 'ive seen the hobbit movies and harry potter a million times, what else is fantasy';
    const q = chat.engine.parse(message);
    expect(q.collectionsOut?.map((c) => c.id)).toContain(collectionOf(57158)); // The Hobbit
    expect(q.themeWords).not.toContain('hobbit');
    const a = await chat.engine.answer(message, fresh());
    expect(a.picks.length).toBeGreaterThan(2);
    const seen = new Set([collectionOf(57158), collectionOf(671)]); // and Harry Potter
    expect(a.picks.filter((p) => seen.has(p.movie.collection?.id ?? -1)).map((p) => p.movie.title)).toEqual(
      [],
    );
  });

  it('"just finished the lord of the rings for like the 5th time" is the trilogy seen, not the 1978 film nor a title "the 5th time"', async () => {
    const a = await chat.engine.answer(
      'just finished the lord of the rings for like the 5th time, what else?',
      fresh(),
    );
    expect(a.message).not.toMatch(/isn't in our catalog/);
    expect(a.seed?.id).toBe(120);
    const lotr = collectionOf(120);
    expect(a.picks.length).toBeGreaterThan(0);
    expect(a.picks.filter((p) => p.movie.collection?.id === lotr || p.movie.id === 123)).toEqual([]);
  });

  it('how often it was seen is no theme ("a million times", "like the 5th time", "3 times this month")', () => {
    for (const message of [
      'ive seen harry potter a million times, what else is fantasy',
      'finished the godfather for like the 5th time',
      'i have watched mad max fury road 3 times this month',
    ]) {
      const q = chat.engine.parse(message);
      expect(
        [...q.themeWords, ...q.unknown, ...(q.textWords ?? [])].filter((w) => /million|time|5th/.test(w)),
      ).toEqual([]);
    }
  });

  it('"just watched star wars, what else" is still the 1977 film', async () => {
    const a = await chat.engine.answer('just watched star wars, what else', fresh());
    expect(a.seed?.id).toBe(11);
  });
});

describe("fresh59's judged misses (after its judging)", () => {
  it('"like being a teenager, growing up, first love" gives examples, never a title the catalog lacks', async () => {
    const a = await chat.engine.answer(
      'coming of age stuff. like being a teenager, growing up, first love, all that',
      fresh(),
    );
    expect(a.message).not.toMatch(/isn't in our catalog/);
    expect(a.picks.length).toBeGreaterThan(2);
  });

  it('"so no bambi, no up, no lion king" rules out Up too, said as its neighbours are', async () => {
    const a = await chat.engine.answer(
      'family movie with no sad parts, my 5yo cries at everything (so no bambi, no up, no lion king lol)',
      fresh(),
    );
    expect(a.picks.length).toBeGreaterThan(2);
    expect(a.picks.map((p) => p.movie.title).filter((t) => /^(?:Up|Bambi|The Lion King)$/.test(t))).toEqual(
      [],
    );
  });

  it('"he only watches war movies and westerns" is either kind, not war westerns', async () => {
    expect(chat.engine.parse('he only watches war movies and westerns').genreGroups).toEqual([[10752, 37]]);
    // A film of both is still said as one kind.
    expect(chat.engine.parse('action and comedy').genreGroups).toEqual([[28], [35]]);
    const a = await chat.engine.answer(
      'its my dads birthday and he basically only watches war movies and westerns',
      fresh(),
    );
    const kinds = a.picks.map((p) => p.movie.genre_ids);
    expect(kinds.some((g) => g.includes(10752) && !g.includes(37))).toBe(true);
    expect(kinds.some((g) => g.includes(37) && !g.includes(10752))).toBe(true);
  });
});
