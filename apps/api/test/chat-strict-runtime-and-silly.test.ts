import { describe, expect, it } from 'vitest';
import { film, testParser } from '../src/modules/chat/understand/test-parser';
import { withinRuntimeMax } from '../src/modules/chat/understand/query';
import { chatSuite, freshConversation as fresh } from './helpers/catalog';

/**
 * Decision 0115, fresh13's classes "under N minutes is strict" and "a tone word dropped":
 * "less than 95 minutes", "menos de 95 minutos", "under 90" leave a film of exactly that length out
 * ("at most 95", "95 minutes or less" keep it); "a stupid comedy", "dumb comedy", "turn my brain
 * off" ask for a comedy to switch off to, never a comedy-drama.
 */
const chat = chatSuite();

const p = testParser({ titles: [film(1, 'Alien')], keywords: [], knownWords: [], typoTargets: [] });

describe('a strict ceiling on length', () => {
  it.each([
    ['less than 95 minutes', 95],
    ['menos de 95 minutos', 95],
    ['moins de 100 minutes', 100],
    ['a comedy under 90', 90],
    ['something shorter than 100 mins', 100],
    ['a thriller below 100 minutes please', 100],
  ])('"%s" is strictly under %i minutes', (msg, max) => {
    const q = p(msg);
    expect(q.runtimeMax).toBe(max);
    expect(q.runtimeBelow).toBe(true);
    expect(withinRuntimeMax(max, q)).toBe(false);
    expect(withinRuntimeMax(max - 1, q)).toBe(true);
  });

  it.each(['at most 95 minutes', '95 minutes or less', 'no more than 95 minutes', 'up to 95 minutes'])(
    '"%s" keeps a 95-minute film',
    (msg) => {
      const q = p(msg);
      expect(q.runtimeMax).toBe(95);
      expect(withinRuntimeMax(95, q)).toBe(true);
    },
  );

  it.each(['under 50 dollars', 'less than 100 votes', 'rated under 7'])('"%s" is no length', (msg) => {
    expect(p(msg).runtimeMax).toBeUndefined();
  });

  it.each([
    ['una comedia de menos de 95 minutos', 95],
    ['a comedy less than 95 minutes long', 95],
    ['a horror film under 90', 90],
    ['animated, under 85 minutes', 85],
  ])('"%s": every film is under %i minutes', async (msg, max) => {
    const a = await chat.engine.answer(msg, fresh());
    expect(a.picks.length).toBeGreaterThan(0);
    for (const pick of a.picks) expect(pick.movie.runtime).toBeLessThan(max);
  });

  it('"any of those under 117 minutes?" leaves Alien (117) out of the shown films that fit', async () => {
    const shown = [348, 19995, 1091, 329865, 330459];
    const a = await chat.engine.answer('any of those under 117 minutes?', {
      suggested: [...shown],
      lastPicks: [...shown],
      lastIntent: null,
      lastSeed: null,
    });
    expect(a.picks.map((x) => x.movie.id)).not.toContain(348);
    expect(a.picks.map((x) => x.movie.id).slice(0, 2)).toEqual([1091, 329865]);
  });
});

describe('a comedy to switch off to', () => {
  it.each([
    'i want a stupid comedy',
    'something dumb and funny, a dumb comedy',
    'a brainless comedy for tonight',
    'need to turn my brain off, any comedy',
    'recommend some stupid comedies',
    'una comedia tonta',
  ])('"%s": comedies, none of them a drama', async (msg) => {
    expect(p(msg).moods).toContain('silly');
    const a = await chat.engine.answer(msg, fresh());
    expect(a.picks.length).toBeGreaterThan(2);
    for (const pick of a.picks) {
      expect(pick.movie.genre_ids).toContain(35);
      expect(pick.movie.genre_ids).not.toContain(18);
    }
  });
});

describe('"psychological" in the languages read', () => {
  it.each([
    'un bon thriller psychologique',
    'un thriller psicologico, por favor',
    'ein psychologischer Thriller',
    'um thriller psicologico',
  ])('"%s" is the psychological mood, not a bare thriller', (msg) => {
    // Decision 0144: its own mood (a mind under strain), no longer "mind-bending".
    expect(p(msg).moods).toEqual(['psychological']);
  });
});

describe("a studio universe ruled out by its films' keywords", () => {
  const MARVEL = /^marvel (comic|cinematic universe)$/;
  it.each([
    'superhero movies, not Marvel',
    'a superhero film but no marvel please',
    'nothing from the mcu, superhero stuff',
    'superheroes without marvel',
  ])('"%s": no Marvel film is picked', async (msg) => {
    const a = await chat.engine.answer(msg, fresh());
    expect(a.picks.length).toBeGreaterThan(2);
    for (const pick of a.picks) expect(pick.movie.keywords.some((k) => MARVEL.test(k))).toBe(false);
    // A publisher's name rules out its own films only, not those close in meaning (DC's), and is
    // said by its name, not as a raw tag.
    expect(a.picks.filter((pick) => pick.movie.keywords.includes('dc comics')).length).toBeGreaterThan(1);
    expect(a.picks[0]!.movie.vote_count).toBeGreaterThan(5_000); // a well-known one first
    expect(a.message).toMatch(/without Marvel\b/);
    expect(a.message).not.toMatch(/marvel comic/);
  });

  it('"marvel movies" asks for them', async () => {
    const a = await chat.engine.answer('marvel movies', fresh());
    for (const pick of a.picks) expect(pick.movie.keywords.some((k) => MARVEL.test(k))).toBe(true);
  });
});
