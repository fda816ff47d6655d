import type { CatalogIndex, CatalogMovie } from '@app/catalog';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { fullCatalog } from '../../../test/helpers/catalog';
import { TEST_CATALOG_DIR } from '../../../test/helpers/paths';
import { ChatEngine, type ConversationState } from './chat-engine';
import { DIRECTIONS, directionOf, directionRulesOut, directionScore, KEYWORD_FAMILIES } from './directions';
import { chatKeywordsNow, KEYWORD_MIN_VOTES } from './keyword-index';
import { EraFame, genreFocus, GenreTypicality, lovedRating, unaskedKind } from './rank';
import { GENRE } from './understand/lexicon';
import { emptyQuery, groupKey } from './understand/query';
import { Retriever } from './retrieve';

let catalog: CatalogIndex;
let engine: ChatEngine;
beforeAll(async () => {
  catalog = await fullCatalog();
  engine = new ChatEngine(catalog, null, undefined, {
    vectorsFile: join(TEST_CATALOG_DIR, 'catalog', 'chat-vectors.bin'),
  });
  engine.warm();
}, 120_000);

const film = (over: Partial<CatalogMovie>): CatalogMovie =>
  ({
    id: 1,
    title: 'A film',
    release_date: '2000-01-01',
    vote_count: 100,
    vote_average: 6.2,
    genre_ids: [],
    keywords: [],
    overview: '',
    runtime: 100,
    original_language: 'en',
    ...over,
  }) as CatalogMovie;

const fresh = (): ConversationState => ({ suggested: [], lastPicks: [], lastIntent: null, lastSeed: null });
async function talk(state: ConversationState, text: string) {
  const a = await engine.answer(text, state);
  if (a.picks.length) {
    state.lastPicks = a.picks.map((p) => p.movie.id);
    state.suggested.push(...state.lastPicks);
    state.lastIntent = { ...a.intent, like: undefined };
    state.lastSeed = a.seed?.id ?? null;
  }
  return a;
}

describe('fame for its era and a loved rating', () => {
  it('counts votes against the decade: The Maltese Falcon (1941) is as famous as Superbad (2007)', () => {
    const fame = new EraFame(catalog.popular.filter((m) => m.vote_count >= 10));
    const falcon = catalog.get(963)!;
    const superbad = catalog.get(8363)!;
    expect(falcon.vote_count).toBeLessThan(superbad.vote_count);
    expect(fame.fame(falcon)).toBeGreaterThan(0.7);
    expect(Math.abs(fame.fame(falcon) - fame.fame(superbad))).toBeLessThan(0.2);
    expect(fame.fame(film({ release_date: '1941-01-01', vote_count: 12 }))).toBeLessThan(0.1);
    expect(fame.referenceFor(1940)).toBeLessThan(fame.referenceFor(2000));
  });

  it('shrinks a rating given by few people towards the mean', () => {
    expect(lovedRating(film({ vote_average: 9.5, vote_count: 10 }))).toBeLessThan(6.5);
    expect(lovedRating(film({ vote_average: 8.5, vote_count: 8000 }))).toBeGreaterThan(8.4);
  });

  it('weighs the asked genre by its place in the film, and kinds nobody asked for against it', () => {
    const comedy = [[35]];
    expect(genreFocus(film({ genre_ids: [35] }), comedy)).toBe(1);
    expect(genreFocus(film({ genre_ids: [16, 35, 10751] }), comedy)).toBeLessThan(1);
    expect(genreFocus(film({ genre_ids: [16] }), [])).toBe(0);
    expect(unaskedKind(film({ genre_ids: [16, 35] }), new Set([35]), false, null)).toBeLessThan(0);
    expect(unaskedKind(film({ genre_ids: [16, 35] }), new Set([16]), false, null)).toBe(0);
    expect(unaskedKind(film({ genre_ids: [16, 35] }), new Set([35]), true, null)).toBe(0);
  });

  it('names the film a film lover would name first', async () => {
    const noir = await engine.answer('1940s detective films', fresh());
    expect(noir.picks.map((p) => p.movie.id)).toContain(963); // The Maltese Falcon
    const romcom = await engine.answer('a romantic comedy from the late 80s', fresh());
    expect(romcom.picks.map((p) => p.movie.id)).toContain(639); // When Harry Met Sally...
    // Decision 0098: fame weighs 5 (was 3) against fit, so the classic that fits is in the list.
    const musicals = await engine.answer('old hollywood musicals with big song and dance numbers', fresh());
    expect(musicals.picks.map((p) => p.movie.id)).toContain(872); // Singin' in the Rain
    const warm = await engine.answer('a heartwarming drama from the 90s', fresh());
    expect(warm.picks.map((p) => p.movie.id)).toContain(13); // Forrest Gump
    const comedies = await engine.answer('a comedy from the 2000s', fresh());
    // Live-action comedies first: no cartoon nobody asked for.
    expect(comedies.picks.filter((p) => p.movie.genre_ids.includes(16)).length).toBeLessThanOrEqual(1);
  });
});

describe("a genre's typical films (decision 0139)", () => {
  const typicality = () => {
    const { byKeyword } = chatKeywordsNow(catalog);
    return new GenreTypicality(
      byKeyword,
      () => catalog.popular.filter((m) => m.vote_count >= KEYWORD_MIN_VOTES),
      (id) => catalog.get(id)?.genre_ids,
      () => catalog.popular.filter((m) => m.vote_count >= 100),
    );
  };

  it("reads a film's keywords: The Lord of the Rings is typical fantasy, The Green Mile (tagged Fantasy first) is not", () => {
    const t = typicality();
    const fantasy = 14;
    const lotr = catalog.get(120)!;
    const greenMile = catalog.get(497)!;
    expect(greenMile.genre_ids[0]).toBe(fantasy);
    expect(t.of(lotr, fantasy)).toBeGreaterThan(0.8);
    expect(t.of(greenMile, fantasy)).toBeLessThan(0.25);
    expect(t.lift(lotr, fantasy)!).toBeGreaterThan(2 * t.lift(greenMile, fantasy)!);
    // Citizen Kane is tagged Mystery first; Rear Window is the mystery a friend names.
    expect(t.of(catalog.get(15)!, 9648)).toBeLessThan(t.of(catalog.get(567)!, 9648));
    // Star Wars is science fiction by its story although TMDB lists the genre third.
    expect(t.of(catalog.get(11)!, 878)).toBeGreaterThan(t.of(catalog.get(185)!, 878));
  });

  it('leaves the film itself out of its keywords, and gives a film without known keywords the middle', () => {
    const t = typicality();
    expect(t.of(film({ keywords: [], genre_ids: [14] }), 14)).toBe(0.5);
    expect(t.of(film({ keywords: ['no such keyword anywhere'], genre_ids: [14] }), 14)).toBe(0.5);
    // A keyword only one film carries says nothing once that film is left out: the genre's share.
    const lone = [...chatKeywordsNow(catalog).byKeyword].find(([, ids]) => ids.size === 1)!;
    const owner = catalog.get([...lone[1]][0]!)!;
    const g = owner.genre_ids[0]!;
    expect(t.lift({ ...owner, keywords: [lone[0]] }, g)).toBeCloseTo(1, 5);
  });

  it('puts typical films first for a plain genre request', async () => {
    const t = typicality();
    for (const [text, genre] of [
      ['a fantasy film', 14],
      ['a mystery', 9648],
      ['sci-fi', 878],
    ] as const) {
      const a = await engine.answer(text, fresh());
      expect(a.picks.length).toBeGreaterThanOrEqual(3);
      expect(t.of(a.picks[0]!.movie, genre), text).toBeGreaterThan(0.5);
    }
  });
});

describe("a collection's best-known film is its head (decision 0096)", () => {
  it('marks the later films of a collection as followers, by votes, and films of no collection as none', () => {
    const c = { id: 7, name: 'A Collection' };
    const head = film({ id: 1, vote_count: 9000, collection: c });
    const sequel = film({ id: 2, vote_count: 3000, collection: c });
    const alone = film({ id: 3, vote_count: 10 });
    const fame = new EraFame([sequel, head, alone]);
    expect(fame.follower(head)).toBe(0);
    expect(fame.follower(sequel)).toBe(1);
    expect(fame.follower(alone)).toBe(0);
  });
});

describe('soft requests move the list (directions.ts)', () => {
  it('is a table of directions → feature weights', () => {
    const lessViolent = DIRECTIONS['less violent']!;
    const war = film({ genre_ids: [10752, 18], keywords: ['violence'] });
    const comedy = film({ genre_ids: [35], keywords: ['friendship'] });
    expect(directionScore(lessViolent, war, 6.2)).toBeLessThan(directionScore(lessViolent, comedy, 6.2));
    expect(directionRulesOut(lessViolent, war, new Set())).toBe(true);
    expect(directionRulesOut(lessViolent, film({ genre_ids: [10752] }), new Set([10752]))).toBe(false);
    expect(directionOf({ comparative: 'smarter' })).toBe(DIRECTIONS.smarter);
    expect(directionOf({ followUp: 'older' })).toBe(DIRECTIONS.older);
    expect(directionOf({ followUp: 'another' })).toBeUndefined();
  });

  it('a soft limit ("nothing too violent") moves half as far as the comparative and rules out the same', () => {
    const limit = directionOf({ notMoods: ['violent'] })!;
    const lessViolent = DIRECTIONS['less violent']!;
    const war = film({ genre_ids: [10752, 18], keywords: ['violence'] });
    expect(directionScore(limit, war, 6.2)).toBeCloseTo(directionScore(lessViolent, war, 6.2) / 2);
    expect(directionRulesOut(limit, war, new Set())).toBe(true);
    // A limit keeps the kind asked for: a ghost film without gore stays, though the comparative drops horror.
    const ghost = film({ genre_ids: [27], keywords: ['ghost'] });
    expect(directionRulesOut(limit, ghost, new Set())).toBe(false);
    expect(directionRulesOut(lessViolent, ghost, new Set())).toBe(true);
    // A comparative said outright wins over the limit.
    expect(directionOf({ comparative: 'smarter', notMoods: ['violent'] })).toBe(DIRECTIONS.smarter);
    expect(directionOf({ notMoods: ['romantic'] })).toBeUndefined();
  });

  it('"less violent" after a crime film keeps crime and drops violent films', async () => {
    const state = fresh();
    await talk(state, 'a crime movie');
    const a = await talk(state, 'less violent');
    expect(a.picks.length).toBeGreaterThanOrEqual(3);
    for (const p of a.picks) {
      expect(p.movie.genre_ids).toContain(80);
      expect(p.movie.genre_ids.some((g) => g === 10752 || g === 27)).toBe(false);
      expect(
        p.movie.keywords.some((k) => KEYWORD_FAMILIES.violent.has(k)),
        p.movie.title,
      ).toBe(false);
    }
  });

  it('"lighter" after war films leans to comedy; "smarter" is a refinement that keeps the genre', async () => {
    const war = fresh();
    await talk(war, 'a war film');
    const lighter = await talk(war, 'lighter');
    expect(lighter.picks.filter((p) => p.movie.genre_ids.includes(35)).length).toBeGreaterThanOrEqual(2);
    const crime = fresh();
    await talk(crime, 'a crime movie');
    const smarter = await talk(crime, 'smarter');
    expect(smarter.message).toMatch(/smarter/);
    expect(smarter.picks.length).toBeGreaterThanOrEqual(3);
    for (const p of smarter.picks) expect(p.movie.genre_ids).toContain(80);
  });
});

describe('a broad mood ranks by its genres, it does not filter (decision 0110)', () => {
  it('marks a mood of several genres as ranking only; a mood of one genre still filters', () => {
    const feelGood = engine.parse('something feel-good');
    expect(feelGood.moodGroups).toEqual([groupKey(feelGood.genreGroups[0]!)]);
    const scary = engine.parse('something scary');
    expect(scary.genreGroups).toEqual([[GENRE.horror]]);
    expect(scary.moodGroups ?? []).toEqual([]);
  });

  it("admits films outside the mood's genres after the films inside them; a one-genre mood still filters", async () => {
    const group: number[] = [GENRE.scifi, GENRE.mystery, GENRE.thriller];
    const q = engine.parse('a mind-bending film');
    const inside = new Set(
      [...catalog.byId.values()].filter((m) => m.genre_ids.some((g) => group.includes(g))).map((m) => m.id),
    );
    const picks = await engine.search(q, new Set(), null);
    expect(picks.length).toBeGreaterThan(0);
    expect(inside.has(picks[0]!.id)).toBe(true);
    // With every film of the mood's genres left out, other films still come (they rank, not filter)…
    expect((await engine.search(q, inside, null)).length).toBeGreaterThan(0);
    // …which a hard group (the mood not marked) would rule out.
    expect(await engine.search({ ...q, moodGroups: undefined }, inside, null)).toEqual([]);
    const scary = await engine.search(engine.parse('something scary'), new Set(), null);
    expect(scary.every((m) => m.genre_ids.includes(GENRE.horror))).toBe(true);
  });
});

describe("a mood's keywords count once (decision 0110)", () => {
  it('puts a better-known film with one of the mood keywords before one with two', () => {
    // The Fault in Our Stars (222935) has both keywords of a mood, The Green Mile (497) one.
    const byKeyword = new Map([
      ['mood one', new Set([222935, 497])],
      ['mood two', new Set([222935])],
    ]);
    const retriever = new Retriever(catalog, byKeyword, () => null, false);
    const found = retriever.retrieve(
      { ...emptyQuery('en'), moodKeywords: ['mood one', 'mood two'] },
      { exclude: new Set(), seed: null, neighbours: null },
    );
    const ids = found.picks.map((p) => p.movie.id);
    expect(ids).toContain(222935);
    expect(ids.indexOf(497)).toBe(0);
  });
});

describe("children's ages said after the child (session 63)", () => {
  it('"kids are 5 and 8" asks for animated family films; "not animated this time" for other family films', async () => {
    const state = fresh();
    const kids = await talk(state, 'kids are 5 and 8, need something we can all watch');
    expect(kids.picks.length).toBeGreaterThanOrEqual(3);
    for (const p of kids.picks)
      expect(p.movie.genre_ids).toEqual(expect.arrayContaining([GENRE.family, GENRE.animation]));
    const live = await talk(state, 'not animated this time');
    expect(live.picks.length).toBeGreaterThanOrEqual(3);
    for (const p of live.picks) {
      expect(p.movie.genre_ids).toContain(GENRE.family);
      expect(p.movie.genre_ids).not.toContain(GENRE.animation);
    }
  });
});

describe('a franchise said to be seen whole (session 63)', () => {
  it.each([
    "I've just finished the original Star Wars trilogy. What should I watch next?",
    'binged the whole lord of the rings trilogy, something similar?',
  ])('leaves all its films out: %j', async (text) => {
    const a = await talk(fresh(), text);
    expect(a.seed?.collection).toBeTruthy();
    expect(a.picks.length).toBeGreaterThanOrEqual(3);
    for (const p of a.picks) expect(p.movie.collection?.id).not.toBe(a.seed!.collection!.id);
  });
});
