import { describe, expect, it } from 'vitest';
import { looksLikeATitleMention } from './title-mention';

/** The mention is the given words, found in the message. */
const said = (message: string, words: string) => looksLikeATitleMention(message, words);

describe('looksLikeATitleMention: only words said as a title may be "not in our catalog"', () => {
  it.each([
    ['something like "The Room Upstairs" please', 'The Room Upstairs'],
    ["do you have 'zorblax nights'?", 'zorblax nights'],
    ['movies like Dune Part Two', 'Dune Part Two'],
    ['have you got oppenheimer', 'oppenheimer'],
    ['similar to barbie but for adults', 'barbie'],
    ['Everything Everywhere All at Once was great, anything similar?', 'Everything Everywhere All at Once'],
    ['oppenheimer was amazing. more like that', 'oppenheimer'],
    ['top gun maverick', 'top gun maverick'],
    ['I just watched Past Lives and my brain is melted', 'Past Lives'],
    ['we loved Gone with the Wind, any other epics?', 'Gone with the Wind'],
    ['into the spider-verse vibes please', 'into the spider-verse'],
    ['what about hereditary, is it any good? anything like it', 'hereditary'],
    ['Hereditary scared me to death. similar stuff?', 'Hereditary'],
  ])('"%s": "%s" is a title', (message, words) => {
    expect(said(message, words)).toBe(true);
  });

  it.each([
    ['my brother and I are bored on a rainy sunday and want something to cheer us up', 'rainy sunday'],
    // Decision 0096: after a cue, a description is no title.
    ['movies about time loops, like living the same day over and over', 'living the same day'],
    ['ok and which of them got the best reviews', 'the best reviews'],
    ["films that mess with you, like reality isn't what it seems", "reality isn't"],
    ['Any good horror films for tonight?', 'Any good'],
    ['we want something with a dog in it that the whole family will enjoy', 'whole family'],
    ['I love movies where the bad guy wins in the end', 'movies where the bad guy wins'],
    ['watched with my kids last week and they got bored, something more exciting', 'with my kids'],
    ['something like a heist movie but funny', 'a heist movie'],
    ['i want something like it but older', 'it'],
    ['my girlfriend hates long movies and I like explosions', 'long movies'],
    ['Something light please, it has been a long week at work', 'Something light'],
    ['a movie set in space but no aliens. like realistic astronaut stuff', 'realistic astronaut stuff'],
    ['animated but not for kids. like adult animation', 'adult animation'],
    ['a really well reviewed documentary, like 7.5+', '7.5+'],
    ['we both have work tomorrow so like 2 hours max', '2 hours max'],
    [
      'I do like being tense and creeped out in a psychological way, like a mystery',
      'being tense and creeped out in a psychological way',
    ],
    ['never mind the film catalog, list the best hotels in Rome', 'catalog'],
  ])('"%s": "%s" is no title', (message, words) => {
    expect(said(message, words)).toBe(false);
  });

  it('takes a span of the message as well as its words', () => {
    const message = 'is Oppenheimer in there?';
    expect(looksLikeATitleMention(message, { start: 3, end: 14 })).toBe(true);
    expect(looksLikeATitleMention('a rainy day film', { start: 2, end: 11 })).toBe(false);
    expect(looksLikeATitleMention('a rainy day film', 'not in it')).toBe(false);
  });
});
