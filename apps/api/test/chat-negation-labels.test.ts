import { describe, expect, it } from 'vitest';
import { chatSuite, freshConversation } from './helpers/catalog';

/**
 * Issue 43, the judge's classes "negation scope" and "false labels" (decision 0102): a word ruled
 * out is never also a positive topic or a pick's label, and a mood is said of a pick only when the
 * film's own data bears it.
 */
const fresh = freshConversation;

const chat = chatSuite();

describe('negation scope: what is ruled out is never asked for', () => {
  it.each([
    'creepy not gory',
    'creepy > gory',
    'creepy>gory please',
    'i want a horror film but im a total wimp with blood. creepy > gory',
    'a scary film, not to gory pls',
    'something creepy but I have no stomach for blood',
  ])('"%s": gore is ruled out, and neither a mood nor a theme asked for', (msg) => {
    const q = chat.engine.parse(msg);
    expect(q.keywordsOut).toContain('gore');
    expect(q.moodKeywords).not.toContain('gore');
    expect(q.moods).not.toContain('violent');
  });

  it.each(['i want it gory, not creepy', 'gory > creepy', 'a properly gory horror film'])(
    '"%s": gore is what is asked for (must not be ruled out)',
    (msg) => {
      const q = chat.engine.parse(msg);
      expect(q.keywordsOut).not.toContain('gore');
      expect(q.moods).toContain('violent');
    },
  );

  it('"to" stays "to" where it is no degree word ("a film to watch with my dad")', () => {
    expect(chat.engine.parse('nothing to watch with my dad?').keywordsOut).toEqual([]);
  });

  it('no pick of "creepy > gory" is labelled as gory or about gore, and none carries a gore keyword', async () => {
    const a = await chat.engine.answer(
      'i want a horror film but im a total wimp with blood. creepy > gory',
      fresh(),
    );
    expect(a.picks.length).toBeGreaterThanOrEqual(3);
    expect(a.message).not.toMatch(/\bgor(e|y)\b|violent films|no punches pulled/i);
    expect(a.message).toMatch(/nothing too violent/);
    for (const p of a.picks) expect(p.movie.keywords).not.toContain('gore');
  });
});

describe('labels come from the film', () => {
  it('a mood is said of a pick only when its genres or keywords bear it', async () => {
    const a = await chat.engine.answer('something mind-bending from the 80s', fresh());
    expect(a.picks.length).toBeGreaterThanOrEqual(3);
    for (const p of a.picks) {
      const says = /to bend your mind/.test(p.reason);
      const bears =
        p.movie.genre_ids.slice(0, 2).includes(878) ||
        ['mind bending', 'psychological', 'dream', 'alternate reality', 'surreal', 'twist ending'].some((k) =>
          p.movie.keywords.includes(k),
        );
      if (says) expect(bears, `${p.movie.title}: ${p.reason}`).toBe(true);
    }
  });

  it('"for a good cry" only for a film whose keywords carry sadness', async () => {
    const a = await chat.engine.answer('i want a proper cry tonight', fresh());
    const sadKeywords = new Set(
      (await import('../src/modules/chat/understand/lexicon')).MOODS.find((m) => m.mood === 'sad')!.keywords,
    );
    for (const p of a.picks)
      if (/good cry/.test(p.reason))
        expect(
          p.movie.keywords.some((k) => sadKeywords.has(k)),
          `${p.movie.title}: ${p.reason}`,
        ).toBe(true);
  });
});
