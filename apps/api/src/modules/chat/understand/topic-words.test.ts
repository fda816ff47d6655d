import { describe, expect, it } from 'vitest';
import { film, testParser } from './test-parser';

/** Keywords with the catalog's film counts (20+ votes): common topics and rare ordinary words. */
const p = testParser({
  titles: [film(949, 'Heat', 5000)],
  keywords: [
    'hell',
    'flight',
    'home',
    'work',
    'brain',
    'singing',
    'zombie',
    'survival',
    'time loop',
    'heist',
    'alone',
  ],
  keywordFilms: {
    daughter: 120,
    flat: 10,
    hell: 21,
    flight: 9,
    home: 13,
    work: 11,
    brain: 12,
    singing: 26,
    zombie: 141,
    survival: 105,
    'time loop': 7,
    heist: 62,
    alone: 8,
  },
  knownWords: ['week', 'warm', 'sick', 'cold', 'person'],
  typoTargets: [],
});

describe('understand: a word is a topic only when the catalog and the message confirm it (decision 0098)', () => {
  it.each([
    [
      'had the week from hell. want something warm and funny that just makes me feel good, nothing heavy please',
    ],
    ['12 hour flight tomorrow. i want one big sweeping epic that eats up 3 hours, the longer the better'],
    [
      'home sick with a cold, brain is mush, need something funny i dont have to think about. and no musicals, my flatmate has been singing all week',
    ],
    ['we got home late and have work tomorrow, something cozy please'],
    ['animated movie for my 5 year old daughter'],
    ['the heat in our flat is broken, something cozy'],
  ])('"%s": ordinary words in a story are no filter', (text) => {
    expect(p(text).keywordsIn).toEqual([]);
  });

  it.each([
    ['films about hell', ['hell']],
    ['flight movies', ['flight']],
    ['zombie', ['zombie']],
    ['a zombie comedy for tonight', ['zombie']],
    [
      'something fun with a heist in it, me and my brother are bored and want a good laugh tonight',
      ['heist'],
    ],
    ['survival stories. one person alone against nature, barely making it', ['survival']],
    // A list goes on from a confirmed theme; a cue may have an article before the word.
    ['anything about a flight or hell? those make me happy', ['flight', 'hell']],
    ['movies about brain, singing or home, anything really', ['brain', 'singing', 'home']],
    [
      'any movies where someone relives the same day? a time loop, like my whole week has felt',
      ['time loop'],
    ],
  ])('"%s": a topic confirmed by a cue, a phrase or a common keyword', (text, keywords) => {
    expect(p(text).keywordsIn).toEqual(keywords);
  });

  it('a common keyword in a short request is a topic without a cue; a rare one needs one', () => {
    expect(p('something scary with zombies please').keywordsIn).toEqual(['zombie']);
    expect(p('i want a heist tonight').keywordsIn).toEqual(['heist']);
    expect(p('something warm after a week from hell').keywordsIn).toEqual([]);
    expect(p('something warm after a week of zombie survival').keywordsIn).toEqual(['zombie', 'survival']);
  });
});
