import type { CatalogIndex } from '@app/catalog';
import { beforeAll, describe, expect, it } from 'vitest';
import { fullCatalog } from '../../../test/helpers/catalog';
import { RecommenderClient } from '../../integrations/recommender/recommender-client';
import { ChatEngine, CLARIFY, type ConversationState } from './chat-engine';

let catalog: CatalogIndex;
let engine: ChatEngine;
beforeAll(async () => {
  catalog = await fullCatalog();
  // No recommendation service running: "like X" must still work from the catalog.
  engine = new ChatEngine(catalog, new RecommenderClient('http://127.0.0.1:9', 200));
});

const fresh = (): ConversationState => ({ suggested: [], lastPicks: [], lastIntent: null });
async function talk(state: ConversationState, text: string) {
  const a = await engine.answer(text, state);
  if (a.picks.length) {
    state.lastPicks = a.picks.map((p) => p.movie.id);
    state.suggested.push(...state.lastPicks);
    state.lastIntent = a.intent;
  }
  return a;
}
const yearOf = (d: string | null) => Number(d?.slice(0, 4));

describe('chat engine on the offline catalog', () => {
  it('answers a mood and decade with 3 to 6 real, linked picks that fit', async () => {
    const a = await talk(fresh(), 'something funny from the 90s');
    expect(a.picks.length).toBeGreaterThanOrEqual(3);
    expect(a.picks.length).toBeLessThanOrEqual(6);
    for (const { movie } of a.picks) {
      expect(catalog.get(movie.id)).toBeDefined();
      expect(movie.genre_ids).toContain(35);
      expect(yearOf(movie.release_date)).toBeGreaterThanOrEqual(1990);
      expect(yearOf(movie.release_date)).toBeLessThanOrEqual(1999);
      expect(a.message).toContain(`](/movie/${movie.id})`);
    }
    expect(a.message).toMatch(/★ \d\.\d — /);
  });

  it('honours negation and runtime', async () => {
    const a = await talk(fresh(), 'an action movie, no horror and not animated, under 2 hours');
    for (const { movie } of a.picks) {
      expect(movie.genre_ids).toContain(28);
      expect(movie.genre_ids).not.toContain(27);
      expect(movie.genre_ids).not.toContain(16);
      expect(movie.runtime).toBeLessThanOrEqual(120);
    }
  });

  it('finds films like a title, fuzzily, without the seed', async () => {
    const a = await talk(fresh(), 'movies similar to interstelar');
    expect(a.message).toContain('Interstellar');
    expect(a.picks.map((p) => p.movie.id)).not.toContain(157336);
    expect(a.picks.some((p) => p.movie.genre_ids.includes(878))).toBe(true);
  });

  it('uses catalog keywords', async () => {
    const a = await talk(fresh(), 'a heist movie');
    expect(a.picks.length).toBeGreaterThanOrEqual(3);
    for (const { movie, reason } of a.picks) {
      expect(movie.keywords).toContain('heist');
      // Why it was picked, then the film's tagline or first line, as sentences.
      const line = movie.tagline || movie.overview.split(/(?<=[.!?])\s/)[0]!;
      expect(reason).toMatch(/^Tagged heist[^.]*\. /);
      expect(reason).toContain(line.slice(0, 40));
    }
  });

  it('follows up in a conversation and never repeats a movie', async () => {
    const state = fresh();
    const first = await talk(state, 'a scary movie');
    const second = await talk(state, 'another');
    const newer = await talk(state, 'something more recent');
    const firstYears = first.picks.map((p) => yearOf(p.movie.release_date)).sort((x, y) => x - y);
    const median = firstYears[Math.floor(firstYears.length / 2)]!;
    for (const p of newer.picks) expect(yearOf(p.movie.release_date)).toBeGreaterThan(median - 1);
    const ids = [...first.picks, ...second.picks, ...newer.picks].map((p) => p.movie.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const p of second.picks) expect(p.movie.genre_ids).toContain(27);
    const likeSecond = await talk(state, 'more like the second one');
    expect(likeSecond.message).toContain(newer.picks[1]!.movie.title);
  });

  it('narrows the last request with a refinement', async () => {
    const state = fresh();
    await talk(state, 'a thriller');
    const a = await talk(state, 'from the 80s');
    for (const p of a.picks) {
      expect(p.movie.genre_ids).toContain(53);
      expect(yearOf(p.movie.release_date)).toBeGreaterThanOrEqual(1980);
      expect(yearOf(p.movie.release_date)).toBeLessThanOrEqual(1989);
    }
  });

  it('asks a clarifying question when it understands nothing, and says when a title is unknown', async () => {
    expect((await talk(fresh(), 'hello there')).message).toBe(CLARIFY);
    expect((await talk(fresh(), 'another')).message).toBe(CLARIFY); // a follow-up with nothing to follow
    expect((await talk(fresh(), 'like qqqzzzxxy')).message).toMatch(/couldn't find "qqqzzzxxy"/);
  });
});

describe('people', () => {
  it('offline, says that people need live mode', async () => {
    const a = await talk(fresh(), 'movies with Matthew McConaughey');
    expect(a.picks).toEqual([]);
    expect(a.message).toMatch(/can't look up people in the offline catalog/);
  });

  it('in live mode, finds the person on TMDB and recommends their films that are in the catalog', async () => {
    const { startTmdbFixture, FIXTURE_TOKEN } = await import('../../../test/fixtures/tmdb-fixture-server');
    const { TmdbClient } = await import('../../integrations/tmdb/tmdb-client');
    const { TmdbMovieSource } = await import('../../integrations/tmdb/tmdb-movie-source');
    const fixture = await startTmdbFixture();
    try {
      const source = new TmdbMovieSource(
        new TmdbClient({ baseUrl: fixture.url, accessToken: FIXTURE_TOKEN }),
      );
      const live = new ChatEngine(catalog, null, (name) => source.moviesWithPerson(name));
      const a = await live.answer('something starring Matthew McConaughey', fresh());
      expect(a.picks.map((p) => p.movie.id)).toContain(157336);
      expect(a.message).toContain('films with Matthew McConaughey');
      expect(a.picks.every((p) => catalog.get(p.movie.id))).toBe(true);
      const nobody = await live.answer('a film with Nobody Atall', fresh());
      expect(nobody.message).toMatch(/couldn't find anyone called Nobody Atall/);
    } finally {
      await fixture.close();
    }
  });
});
