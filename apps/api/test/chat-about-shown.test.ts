import type { CatalogIndex } from '@app/catalog';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { askedAboutOne } from '../src/modules/chat/about-shown';
import { ChatEngine, type ConversationState } from '../src/modules/chat/chat-engine';
import { fullCatalog } from './helpers/catalog';
import { TEST_CATALOG_DIR } from './helpers/paths';

/**
 * Issue 43, the judge's class "a question about the films just shown answered with a new list"
 * (decision 0102): "is the first one better?", "which of these is the scariest?", "how long is it?"
 * are answered from the shown films' data, with no new list; requests for more films are not.
 */
const vectorsFile = join(TEST_CATALOG_DIR, 'catalog', 'chat-vectors.bin');
/** Alien, Avatar, The Thing, Arrival, Rogue One: as a list of alien films shows them. */
const SHOWN = [348, 19995, 1091, 329865, 330459];
const shownState = (): ConversationState => ({
  suggested: [...SHOWN],
  lastPicks: [...SHOWN],
  lastIntent: null,
  lastSeed: null,
});

let catalog: CatalogIndex;
let engine: ChatEngine;
beforeAll(async () => {
  catalog = await fullCatalog();
  engine = new ChatEngine(catalog, null, undefined, { vectorsFile });
}, 120_000);

describe('questions about the films shown', () => {
  it.each([
    'which of these is the scariest?',
    'which one of those is the scariest?',
    'ok which of them is the creepiest',
  ])('"%s" names the scariest shown film (Alien, a horror film), from their genres', async (msg) => {
    expect(engine.kindOf(msg, shownState())).toBe('about-shown');
    const a = await engine.answer(msg, shownState());
    expect(a.message).toMatch(/^Of those, the scariest is \*\*\[Alien\]/);
    expect(a.picks.map((p) => p.movie.id).sort()).toEqual([...SHOWN].sort());
  });

  it('"which one has the best fight scenes?" orders them by action and fights, not by rating (decision 0142)', async () => {
    const a = await engine.answer('which one has the best fight scenes?', shownState());
    expect(a.message).toMatch(/^Of those, the most action-packed is /);
    const ids = a.picks.map((p) => p.movie.id);
    expect(catalog.get(ids[0]!)!.genre_ids).toContain(28);
    expect(ids.sort()).toEqual([...SHOWN].sort());
  });

  it('"which of those is the funniest?" with no comedy shown says so and names the lightest (decision 0142)', async () => {
    expect(SHOWN.every((id) => !catalog.get(id)!.genre_ids.includes(35))).toBe(true);
    const a = await engine.answer('which of those is the funniest?', shownState());
    expect(a.message).toMatch(/^None of those is a comedy; the lightest is /);
  });

  it('"is the first one better?" compares the first film with the others by rating, no new list', async () => {
    const a = await engine.answer('is the first one better?', shownState());
    expect(a.picks).toEqual([]);
    expect(a.message).toMatch(/\[Alien\]\(\/movie\/348\).* is rated 7\.9 by [\d,]+ viewers/);
    expect(a.message).toMatch(/it is the best rated/);
  });

  it('"is the second one better than the third?" compares those two', async () => {
    const a = await engine.answer('is the second one better than the third?', shownState());
    expect(a.message).toMatch(
      /\[Avatar\].*; \*\*\[The Thing\].* So \*\*\[The Thing\]\(\/movie\/1091\)\*\* \(1982\) is rated higher\./,
    );
  });

  it('"how long is it?" is the first shown film\'s runtime, from its data, without a comparison', async () => {
    const alien = catalog.get(348)!;
    const a = await engine.answer('how long is it?', shownState());
    expect(a.message).toBe(
      `**[Alien](/movie/348)** (1979) runs ${Math.floor(alien.runtime! / 60)} h ${String(alien.runtime! % 60).padStart(2, '0')} min (${alien.runtime} minutes).`,
    );
  });

  it('a film asked about by title, place or number: year, story, children, scariness', async () => {
    expect((await engine.answer('what year is arrival from?', shownState())).message).toMatch(
      /^\*\*\[Arrival\].* came out in 2016\.$/,
    );
    expect((await engine.answer("what's the third one about?", shownState())).message).toMatch(
      /^\*\*\[The Thing\]\(\/movie\/1091\)\*\* \(1982\): Scientists in the Antarctic/,
    );
    expect((await engine.answer('is number 3 ok for kids?', shownState())).message).toMatch(
      /The Thing.* is made for grown-ups \(horror, mystery\), not for children\./,
    );
    expect((await engine.answer('is the last one scary?', shownState())).message).toMatch(
      /Rogue One.* is not a scary film \(action, adventure\)/,
    );
  });

  it.each([
    'more like the first one',
    'something shorter',
    'anything funnier?',
    'is there something like the second one but older?',
    'the scarier the better actually',
    'a film about a time loop',
  ])('"%s" asks for films, not about the shown ones', (msg) => {
    expect(engine.kindOf(msg, shownState())).not.toBe('about-shown');
  });

  it('with nothing shown, a question about "it" is no question about shown films', () => {
    expect(engine.kindOf('how long is it?', { ...shownState(), lastPicks: [], suggested: [] })).not.toBe(
      'about-shown',
    );
  });

  it('the original and its remake: the shown film and its namesake, oldest first', () => {
    const italianJob2003 = { id: 9654, title: 'The Italian Job', release_date: '2003-05-30' };
    const italianJob1969 = { id: 10536, title: 'The Italian Job', release_date: '1969-06-02' };
    const q = askedAboutOne(
      'is the original italian job actually better than the remake?',
      [italianJob2003 as never],
      () => [italianJob1969 as never],
    );
    expect(q?.films.map((m) => m.id)).toEqual([10536, 9654]);
    expect(q?.fact.word).toBe('rating');
  });
});

describe('a film asked about for a child (decision 0139)', () => {
  const fresh = (): ConversationState => ({ suggested: [], lastPicks: [], lastIntent: null, lastSeed: null });
  it.each([
    ['my daughter is 13, can she watch titanic?', 597, /not tagged as a family film/],
    ['would the godfather be ok to watch with my 11yo', 238, /made for grown-ups/],
    ['can my 10 year old watch jaws?', 578, /made for grown-ups/],
    ['is it ok for my kids to watch the lion king?', 8587, /is a family film/],
  ])('%s: answered about that film alone', async (text, id, verdict) => {
    const a = await engine.answer(text, fresh());
    expect(a.picks.map((p) => p.movie.id)).toEqual([id]);
    expect(a.message).toMatch(verdict);
  });

  it('says a certification when the catalog has one (live catalogs)', async () => {
    const jaws = catalog.get(578)!;
    const q = askedAboutOne('is the first one ok for my 8 year old?', [{ ...jaws, certification: 'PG' }]);
    expect(q?.fact.say({ ...jaws, certification: 'PG' })).toMatch(
      /^is rated PG \(horror, thriller\): fine for children/,
    );
  });
});
