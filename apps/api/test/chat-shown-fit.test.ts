import { describe, expect, it } from 'vitest';
import type { ConversationState } from '../src/modules/chat/chat-engine';
import { chatSuite } from './helpers/catalog';

/**
 * Decision 0114, fresh13's class "a constraint asked of the films just shown": "are any of those
 * good for young kids?", "any of those under 100 minutes?", "which of these is from before 2000?"
 * are answered from the films shown (the ones that fit are the list, with why; one or two: named,
 * then new films that fit; none: said so, then new ones); a message asking for new films
 * ("something shorter") stays a refinement.
 */
const chat = chatSuite();

/** Alien (117 min, 1979), Avatar (162, 2009), The Thing (109, 1982), Arrival (116, 2016), Rogue One (133, 2016). */
const SCI_FI = [348, 19995, 1091, 329865, 330459];
/** Finding Nemo, Up, The Conjuring, Moon (97 min). */
const MIXED = [12, 14160, 138843, 17431];
const shown = (ids: number[]): ConversationState => ({
  suggested: [...ids],
  lastPicks: [...ids],
  lastIntent: null,
  lastSeed: null,
});
const linked = (message: string) =>
  [...message.matchAll(/\]\(\/movie\/(\d+)\)/g)].map(([, id]) => Number(id));

describe('a constraint asked of the films shown', () => {
  it.each([
    'any of those under 2 hours?',
    'are any of these under 2 hours? short on time',
    'which of them is under two hours',
    'do any of those run under 2 hours?',
  ])('"%s": the shown films under 2 hours are the list, each with its runtime', async (msg) => {
    expect(chat.engine.kindOf(msg, shown(SCI_FI))).toBe('about-shown');
    const a = await chat.engine.answer(msg, shown(SCI_FI));
    expect(a.message).toMatch(/^Of those, three are under 2 hours:/);
    expect(a.picks.map((p) => p.movie.id)).toEqual([348, 1091, 329865]);
    expect(a.picks[0]!.reason).toMatch(/^117 minutes\. /);
  });

  it.each([
    'which of these is from before 2000?',
    'are any of those older than 2000?',
    'any of them made before 2000',
  ])(
    '"%s": the two shown films from before 2000 are named first, then new ones from before 2000',
    async (msg) => {
      const a = await chat.engine.answer(msg, shown(SCI_FI));
      expect(a.message).toMatch(
        /^Of those, only \*\*\[Alien\]\(\/movie\/348\)\*\* \(1979\) and \*\*\[The Thing\]/,
      );
      expect(a.picks.slice(0, 2).map((p) => p.movie.id)).toEqual([348, 1091]);
      for (const p of a.picks.slice(2)) {
        expect(SCI_FI).not.toContain(p.movie.id);
        expect(Number(p.movie.release_date?.slice(0, 4))).toBeLessThan(2000);
      }
    },
  );

  it.each([
    'are any of those good for young kids?',
    'any of these ok for little kids?',
    'which of them is kid-friendly?',
    'are these ok for my 6 year old?',
  ])('"%s": the shown films for children are named, never the horror film', async (msg) => {
    const a = await chat.engine.answer(msg, shown(MIXED));
    const ids = a.picks.map((p) => p.movie.id);
    expect(ids.slice(0, 2)).toEqual([12, 14160]);
    expect(ids).not.toContain(138843);
    expect(linked(a.message)).not.toContain(138843);
  });

  it('all fit: all of them are the list, with why', async () => {
    const a = await chat.engine.answer('are they all in english?', shown(SCI_FI));
    expect(a.message).toMatch(/^All of them are in English:/);
    expect(a.picks.map((p) => p.movie.id)).toEqual(SCI_FI);
  });

  it('all fit and one is asked for: the best loved of them is named, then the rest', async () => {
    const a = await chat.engine.answer('which one of these is in english?', shown(SCI_FI));
    const best = [...SCI_FI]
      .map((id) => chat.catalog.get(id)!)
      .sort(
        (x, y) =>
          (y.vote_count * y.vote_average + 930) / (y.vote_count + 150) -
          (x.vote_count * x.vote_average + 930) / (x.vote_count + 150),
      )[0]!;
    expect(a.message).toMatch(
      new RegExp(`^All of them are in English; if it's one, \\*\\*\\[${best.title}\\]`),
    );
    expect(a.picks[0]!.movie.id).toBe(best.id);
    expect(a.picks.map((p) => p.movie.id).sort()).toEqual([...SCI_FI].sort());
  });

  it('none fits: says so plainly, then offers new films that fit', async () => {
    const state = shown(SCI_FI);
    state.lastIntent = chat.engine.parse('sci-fi films');
    const a = await chat.engine.answer('any of those under 90 minutes?', state);
    expect(a.message).toMatch(/^None of those is under an hour and a half\./);
    expect(a.picks.length).toBeGreaterThanOrEqual(3);
    for (const p of a.picks) {
      expect(SCI_FI).not.toContain(p.movie.id);
      expect(p.movie.runtime).toBeLessThanOrEqual(90);
    }
  });

  it.each(['something shorter', 'more like the second one', 'anything under 2 hours?'])(
    '"%s" asks for new films: not answered from the shown ones',
    (msg) => {
      const state = shown(SCI_FI);
      state.lastIntent = chat.engine.parse('sci-fi films');
      expect(chat.engine.kindOf(msg, state)).not.toBe('about-shown');
    },
  );

  it("the films named are the catalog's", () => {
    expect(SCI_FI.every((id) => chat.catalog.get(id))).toBe(true);
  });
});
