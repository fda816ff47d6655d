import type { CatalogIndex, CatalogMovie } from '@app/catalog';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ChatEngine, type ConversationState } from '../src/modules/chat/chat-engine';
import { TextIndex } from '../src/modules/chat/text-index';
import { fullCatalog } from './helpers/catalog';
import { TEST_CATALOG_DIR } from './helpers/paths';

/**
 * Decision 0102 (round 2): a request's topic words no clause read find films by the catalog's own
 * text (keywords, title, tagline, summary; BM25F in `text-index.ts`), and only where a person puts
 * a topic: the words of the request around it ("tonight", "my wife", "the lads") never count.
 */
const vectorsFile = join(TEST_CATALOG_DIR, 'catalog', 'chat-vectors.bin');
const fresh = (): ConversationState => ({ suggested: [], lastPicks: [], lastIntent: null, lastSeed: null });

const film = (id: number, overview: string, keywords: string[] = [], title = `Film ${id}`) =>
  ({ id, title, overview, tagline: '', keywords }) as unknown as CatalogMovie;

describe('TextIndex (BM25F over keywords, title, tagline, overview)', () => {
  const filler = Array.from({ length: 60 }, (_, i) =>
    film(100 + i, `A quiet drama about a family number ${i}.`),
  );
  const index = new TextIndex([
    film(1, 'A lonely lighthouse keeper on a remote island finds a boat with a baby.'),
    film(2, 'A keeper of secrets returns home to her family.'),
    film(3, 'Two brothers fight over the farm.', ['lighthouse']),
    ...filler,
  ]);

  it('built in slices (as the server builds it once listening), it is the same index', async () => {
    // More films than a slice, so the build yields between slices; words each on 1-2% of them.
    const word = (i: number) =>
      `zo${String.fromCharCode(97 + (i % 26))}${String.fromCharCode(97 + (((i / 26) % 3) | 0))}ber`;
    const many = Array.from({ length: 4500 }, (_, i) =>
      film(10_000 + i, `The ${word(i)} and the ${word(i + 7)} by the sea.`, [word(i * 3)]),
    );
    const whole = new TextIndex(many);
    const sliced = await TextIndex.build(many);
    for (const typed of [[word(5)], [word(5), word(40)], [word(77), word(12), 'sea']]) {
      const words = typed.flatMap((w) => TextIndex.words(w));
      const a = whole.search(words);
      expect(a.size).toBeGreaterThan(0);
      expect(sliced.search(words)).toEqual(a);
    }
  });

  it('ranks the film using both words, and the rarer word above the common one', () => {
    const s = index.search(TextIndex.words('lighthouse keeper'));
    expect(s.get(1)!).toBeGreaterThan(s.get(2)!);
    expect(s.get(1)!).toBeGreaterThan(s.get(3)!);
    expect(s.has(100)).toBe(false);
  });

  it('a keyword counts more than the same word in passing', () => {
    const s = index.search(TextIndex.words('lighthouse'));
    expect(s.get(3)!).toBeGreaterThan(s.get(1)!);
  });

  it('decision 0127: a word meets its other forms ("survive" finds "survival", "stranded" finds "strands")', () => {
    const forms = new TextIndex([
      film(1, 'A pilot crashes in the jungle.', ['survival']),
      film(2, 'A sailor is left behind; the tide strands him on a reef.'),
      film(3, 'A chef opens a restaurant.', ['cooking']),
      ...filler,
    ]);
    expect([...forms.search(TextIndex.words('trying to survive')).keys()]).toEqual([1]);
    expect([...forms.search(TextIndex.words('stranded')).keys()]).toEqual([2]);
  });

  it('a word most films use says nothing (not indexed), nor does a stop word', () => {
    expect(index.filmsWith('family')).toBe(0);
    expect(TextIndex.words('the about someone')).toEqual([]);
  });
});

describe('topic words in the message, and the plain words that are not', () => {
  let engine: ChatEngine;
  beforeAll(async () => {
    engine = new ChatEngine(await fullCatalog(), null, undefined, { vectorsFile });
  }, 120_000);

  it.each([
    ['a film about a lighthouse keeper', 'keeper'],
    ['movies about the watergate scandal', 'watergate'],
    ['a newspaper reporters drama', 'newspaper'],
    ['a lighthouse keeper', 'keeper'],
    ['any films where a crew is pulling off one last job?', 'pulling'],
    ['space exploration movie, but not aliens', 'exploration'],
    ['something about a harvest or a tempest', 'tempest'],
  ])('%s → a topic word %s', (msg, word) => {
    expect(engine.parse(msg).textWords ?? []).toContain(word);
  });

  it.each([
    'a comedy for tonight with my wife',
    'movie night w the lads, we want something dumb and funny',
    'rainy sunday, blanket, big pot of tea. something cozy and a little old-fashioned?',
    'had a rubbish week honestly. need something to cheer me up',
    'got a long flight tomorrow, need something light and funny to download',
    'my kid has watched Finding Nemo about 40 times, I need something along those lines',
    'I want a good cry. the saddest movie you know',
    "whats kurosawa's best film in your opinion",
    'spanish-language dramas',
    'the scarier the better actually',
    "I don't really care about genre, honestly, as long as it's in Italian",
    'any good heist movies? the fun slick kind, not the grim ones where everybody dies at the end',
    // Decision 0127: how a film is judged is no topic.
    'the big prestige films from the 70s that everyone says you HAVE to see',
    'i want to get into french cinema, good starter films?',
    'some absorbing movies for a long flight',
    'giving myself ONE movie break before going back to organic chem, something funny',
  ])('%s → no topic words', (msg) => {
    expect(engine.parse(msg).textWords ?? []).toEqual([]);
  });

  it('a negated word is no topic ("a film about the sea, nothing about sharks")', () => {
    expect(engine.parse('a film about the sea but nothing with sharks').textWords ?? []).not.toContain(
      'shark',
    );
  });
});

describe('the text finds the films about a topic no rule names', () => {
  let catalog: CatalogIndex;
  let engine: ChatEngine;
  beforeAll(async () => {
    catalog = await fullCatalog();
    engine = new ChatEngine(catalog, null, undefined, { vectorsFile });
  }, 120_000);

  it('"a drama about the watergate break-in" finds All the President\'s Men, and says nothing missed', async () => {
    const a = await engine.answer('a drama about the watergate break-in', fresh());
    const got = a.picks.map((p) => p.movie.id);
    expect(got).toContain(891); // All the President's Men
    for (const p of a.picks) expect(p.movie.genre_ids).toContain(18);
    expect(a.message).not.toContain("didn't catch");
  });

  it('"a lighthouse keeper": a film whose summary is about one comes in without the keyword, and the intro says so', async () => {
    const a = await engine.answer('a lighthouse keeper', fresh());
    expect(a.picks.map((p) => p.movie.id)).toContain(283552); // The Light Between Oceans
    expect(a.message.split('\n')[0]).toContain('"keeper"');
  });

  it('a refinement keeps the topic: "from the 70s" after the watergate request', async () => {
    const state = fresh();
    const first = await engine.answer('a drama about the watergate break-in', state);
    state.suggested = first.picks.map((p) => p.movie.id).filter((id) => id !== 891);
    state.lastPicks = state.suggested;
    state.lastIntent = first.intent;
    const next = await engine.answer('from the 70s', state);
    expect(next.picks.map((p) => p.movie.id)).toContain(891);
    for (const p of next.picks) expect(Number(p.movie.release_date!.slice(0, 4))).toBeLessThan(1980);
  });

  it.each([
    [
      'movies about someone alone trying to survive against nature?',
      /surviv|strand|wilderness|castaway|island/,
    ],
    ['movies set in tokyo', /tokyo|japan/],
  ])('decision 0127: fit gates fame for a topic only the text tells: "%s"', async (message, about) => {
    const a = await engine.answer(message, fresh());
    expect(a.picks.length).toBeGreaterThanOrEqual(3);
    const fitting = a.picks.filter((p) => {
      const m = catalog.get(p.movie.id)!;
      return about.test(`${m.keywords.join(' ')} ${m.title} ${m.overview}`.toLowerCase());
    });
    // No famous film that merely shares a word (The Godfather "barely survives") or none.
    expect(fitting.length).toBeGreaterThanOrEqual(a.picks.length - 1);
  });

  it('"films about a lighthouse keeper" are films with a lighthouse in their text', async () => {
    const a = await engine.answer('films about a lighthouse keeper', fresh());
    expect(a.picks.length).toBeGreaterThanOrEqual(3);
    for (const p of a.picks) {
      const m = catalog.get(p.movie.id)!;
      expect(`${m.keywords.join(' ')} ${m.overview} ${m.tagline}`.toLowerCase()).toMatch(/lighthouse|keeper/);
    }
  });
});
