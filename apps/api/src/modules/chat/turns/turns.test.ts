import { CatalogIndex, plainMovie } from '@app/catalog';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { fullCatalog } from '../../../../test/helpers/catalog';
import { TEST_CATALOG_DIR } from '../../../../test/helpers/paths';
import { ChatEngine, type ConversationState } from '../chat-engine';
import { CONVERSATION_TURNS, REQUEST_KINDS } from './respond';
import { REQUEST_TURNS } from './serve';
import { peopleFrom } from './person';
import type { PeopleIndex } from './turn';

const vectorsFile = join(TEST_CATALOG_DIR, 'catalog', 'chat-vectors.bin');
const fresh = (): ConversationState => ({ suggested: [], lastPicks: [], lastIntent: null, lastSeed: null });

/** Christopher Nolan's films in the catalog: Inception, Interstellar, The Dark Knight, Batman Begins, The Dark Knight Rises, Memento. */
const NOLAN = [27205, 157336, 155, 272, 49026, 77];
const people: PeopleIndex = {
  findPeople: (name) =>
    /^christopher nolan|^chris nolan/i.test(name)
      ? [{ id: 525, name: 'Christopher Nolan', films: NOLAN }]
      : [],
};

let catalog: CatalogIndex;
let offline: ChatEngine;
let withCast: ChatEngine;
beforeAll(async () => {
  catalog = await fullCatalog();
  offline = new ChatEngine(catalog, null, undefined, { vectorsFile });
  withCast = new ChatEngine(catalog, null, undefined, { vectorsFile, people });
}, 120_000);

describe('decide: one handler per kind of turn', () => {
  it('each kind is in a table, and each table ends with a turn that always applies', () => {
    expect(CONVERSATION_TURNS.map((t) => t.kind)).toEqual([
      'about-shown',
      // Decision 0114: a constraint asked of the films shown ("any of those under 100 minutes?").
      'about-shown',
      'franchise',
      'people-question',
      // Decision 0159: a question about the films shown when the last answer had none.
      'about-shown',
      'off-topic',
      'greeting',
    ]);
    expect(REQUEST_KINDS.map((t) => t.kind)).toEqual(['follow-up', 'refinement', 'new-request']);
    expect(REQUEST_TURNS.map((t) => t.kind)).toEqual(['not-in-catalog', 'unclear', 'person', 'films']);
  });

  it('reads the kind of a message, in and out of a conversation', async () => {
    expect(offline.kindOf('hi there!', fresh())).toBe('greeting');
    // Drawn out: a greeting still, never a title said missing.
    expect(offline.kindOf('hiii', fresh())).toBe('greeting');
    expect(offline.kindOf('heyyy', fresh())).toBe('greeting');
    expect(offline.kindOf('how do I cook rice', fresh())).toBe('off-topic');
    expect(offline.kindOf('who directed Pulp Fiction?', fresh())).toBe('people-question');
    expect(offline.kindOf('Star Wars movies', fresh())).toBe('franchise');
    expect(offline.kindOf('a funny heist film', fresh())).toBe('new-request');
    const state = fresh();
    const first = await offline.answer('a funny heist film', state);
    state.lastPicks = first.picks.map((p) => p.movie.id);
    state.suggested.push(...state.lastPicks);
    state.lastIntent = { ...first.intent, like: undefined };
    expect(offline.kindOf('from the 90s', state)).toBe('refinement');
    expect(offline.kindOf('another', state)).toBe('follow-up');
    expect(offline.kindOf('which of those is the shortest?', state)).toBe('about-shown');
  });
});

describe('person', () => {
  it('offline (no cast data) says plainly that people cannot be looked up, and shows no films', async () => {
    const a = await offline.answer('films directed by Christopher Nolan', fresh());
    expect(a.picks).toEqual([]);
    expect(a.message).toMatch(/can't look up people: this catalog has no cast or crew/);
  });

  it("with a people index, picks only that person's films", async () => {
    const a = await withCast.answer('films directed by Christopher Nolan', fresh());
    expect(a.picks.length, a.message).toBeGreaterThanOrEqual(3);
    expect(
      a.picks.every((p) => NOLAN.includes(p.movie.id)),
      a.message,
    ).toBe(true);
    expect(a.message).toContain('films with Christopher Nolan');
  });

  it("a question about a film's people is answered from its synced credits, else said plainly", async () => {
    // A synced catalog (issue 42; its better-known films, to be quick): Pulp Fiction with its
    // credits; Heat not synced yet.
    const synced = new CatalogIndex({
      ...catalog.file,
      lists: undefined,
      movies: catalog.file.movies
        .filter((m) => m.vote_count >= 1500)
        .map((m) =>
          m.id === 680
            ? {
                ...plainMovie(m),
                directors: [{ id: 138, name: 'Quentin Tarantino' }],
                writers: [
                  { id: 138, name: 'Quentin Tarantino' },
                  { id: 139, name: 'Roger Avary' },
                ],
                cast: [
                  { id: 2, name: 'Samuel L. Jackson', character: 'Jules Winnfield', order: 1 },
                  { id: 1, name: 'John Travolta', character: 'Vincent Vega', order: 0 },
                  { id: 3, name: 'Uma Thurman', character: 'Mia Wallace', order: 2 },
                ],
              }
            : m,
        ),
    });
    const engine = new ChatEngine(synced, null, undefined, { semantic: false });
    const director = await engine.answer('who directed Pulp Fiction?', fresh());
    expect(director.message).toBe(
      '**[Pulp Fiction](/movie/680)** (1994): directed by Quentin Tarantino; written by Quentin Tarantino and Roger Avary; starring John Travolta, Samuel L. Jackson and Uma Thurman.',
    );
    expect(director.picks.map((p) => p.movie.id)).toEqual([680]);
    for (const m of ['the cast of pulp fiction', "who's in Pulp Fiction", 'Who starred in Pulp fiction?'])
      expect((await engine.answer(m, fresh())).message, m).toContain('starring John Travolta');
    // A film the sync has not brought credits for yet is said so; a question naming no film,
    // or any offline (no credits at all), gets the plain answer.
    const heat = await engine.answer("who's in Heat", fresh());
    expect(heat.message).toMatch(
      /^I don't have the cast and crew of \*\*\[Heat\]\(\/movie\/949\)\*\* \(1995\) yet/,
    );
    expect(heat.picks).toEqual([]);
    for (const [m, bot] of [
      ['who directed it?', engine],
      ['who directed Pulp Fiction?', offline],
    ] as const) {
      const a = await bot.answer(m, fresh());
      expect(a.message, m).toMatch(/can't tell who made or plays in a film/);
      expect(a.picks, m).toEqual([]);
    }
  });

  it('with a people index, a name nobody has is said so, with no films', async () => {
    const a = await withCast.answer('a film with Nobody Atall', fresh());
    expect(a.picks).toEqual([]);
    expect(a.message).toMatch(/couldn't find anyone called Nobody Atall/);
  });

  it("reads the catalog's people index: none without credits, else the closest names with their films", () => {
    const none = { size: 0, search: () => [], films: () => [] };
    expect(peopleFrom(none)).toBeNull();
    const index = {
      size: 2,
      search: (name: string) =>
        /strep|streep/.test(name) ? [{ id: 5064, name: 'Meryl Streep', edits: 1 }] : [],
      films: (id: number) => (id === 5064 ? [{ id: 24 }, { id: 11 }] : []),
    };
    expect(peopleFrom(index)!.findPeople('meryl strep')).toEqual([
      { id: 5064, name: 'Meryl Streep', films: [24, 11] },
    ]);
    expect(peopleFrom(index)!.findPeople('nobody')).toEqual([]);
  });
});
