import { describe, expect, it } from 'vitest';
import { parseIntent, type Intent } from './intent';

const ctx = {
  referenceYear: 2017,
  keywordVocabulary: new Set(['heist', 'time travel', 'space', 'zombie', 'bank']),
};
const p = (s: string) => parseIntent(s, ctx);

describe(parseIntent.name, () => {
  it.each<[string, Partial<Intent>]>([
    ['something funny', { moods: ['funny'], genreGroups: [[35]] }],
    ['I want to be scared', { moods: ['scary'], genreGroups: [[27]] }],
    ['a feel-good movie', { moods: ['feel-good'], genreGroups: [[35]], excludeGenres: [27] }],
    ['something sad that makes me cry', { moods: ['sad'], genreGroups: [[18]] }],
    ['mind-bending sci-fi', { moods: ['mind-bending'], genreGroups: [[878, 9648], [878]] }],
    ['romantic comedy', { genreGroups: [[35], [10749]] }],
    ['a thriller', { genreGroups: [[53]], moods: ['thrilling'] }],
    ['cosy film for a rainy day', { moods: ['cosy'], excludeGenres: [27] }],
    ['an epic adventure', { moods: ['epic'], runtimeMin: 130 }],
    ['western', { genreGroups: [[37]] }],
    ['a documentary', { genreGroups: [[99]] }],
  ])('%j → moods and genres', (text, expected) => {
    expect(p(text)).toMatchObject(expected);
  });

  it.each<[string, Partial<Intent>]>([
    ['comedy from the 80s', { yearFrom: 1980, yearTo: 1989 }],
    ["action from the 1990's", { yearFrom: 1990, yearTo: 1999 }],
    ['horror from 1994', { yearFrom: 1994, yearTo: 1994 }],
    ['thrillers after 2010', { yearFrom: 2011 }],
    ['dramas since 2010', { yearFrom: 2010 }],
    ['from 2005 onwards', { yearFrom: 2005 }],
    ['westerns before 1970', { yearTo: 1969 }],
    ['between 1995 and 2000', { yearFrom: 1995, yearTo: 2000 }],
    ['something recent', { yearFrom: 2014 }],
    ['a classic', { yearTo: 1985 }],
    ['nineties comedy', { yearFrom: 1990, yearTo: 1999 }],
  ])('%j → years', (text, expected) => {
    expect(p(text)).toMatchObject(expected);
  });

  it.each<[string, Partial<Intent>]>([
    ['a comedy under 2 hours', { runtimeMax: 120 }],
    ['less than 90 minutes', { runtimeMax: 90 }],
    ['over 3 hours', { runtimeMin: 180 }],
    ['something short', { runtimeMax: 100 }],
  ])('%j → runtime', (text, expected) => {
    expect(p(text)).toMatchObject(expected);
  });

  it.each<[string, number[], number[]]>([
    ['action but no horror', [28], [27]],
    ['not animated', [], [16]],
    ['a family film without animation', [10751], [16]],
    ['anything except romance', [], [10749]],
    ['nothing scary', [], [27]],
  ])('%j → genres %j, excluded %j', (text, genres, excluded) => {
    const i = p(text);
    expect(i.genres).toEqual(genres);
    expect(i.excludeGenres).toEqual(excluded);
  });

  it.each<[string, string]>([
    ['movies like Interstellar', 'interstellar'],
    ['something similar to The Dark Knight but funnier', 'the dark knight'],
    ['I loved Toy Story, anything like toy story?', 'toy story'],
  ])('%j → like %j', (text, title) => {
    expect(p(text).likeTitle).toBe(title);
  });

  it('keeps the constraints that follow a title', () => {
    expect(p('like toy story but from the 2000s')).toMatchObject({
      likeTitle: 'toy story',
      yearFrom: 2000,
      yearTo: 2009,
    });
  });

  it('finds catalog keywords as phrases', () => {
    expect(p('a heist movie').keywords).toEqual(['heist']);
    expect(p('time travel please').keywords).toEqual(['time travel']);
    expect(p('zombies!').keywords).toEqual(['zombie']);
  });

  it.each<[string, Intent['followUp']]>([
    ['another', 'another'],
    ['more please', 'another'],
    ['show me more', 'another'],
    ['something more recent', 'newer'],
    ['anything older?', 'older'],
    ['more like the second one', { likeOrdinal: 2 }],
    ['like the first one', { likeOrdinal: 1 }],
  ])('%j → follow-up %j', (text, followUp) => {
    expect(p(text).followUp).toEqual(followUp);
  });

  it('names people for live mode', () => {
    expect(p('a movie starring Tom Hanks').person).toBe('Tom Hanks');
    expect(p('films with Matthew McConaughey').person).toBe('Matthew McConaughey');
    expect(p('with Penélope Cruz').person).toBe('Penélope Cruz');
  });

  it.each(['hello', 'what?', 'asdfgh', 'tell me a joke'])('%j is not understood', (text) => {
    expect(p(text).empty).toBe(true);
  });
});
