import { describe, expect, it } from 'vitest';
import { GENRE } from './lexicon';
import { film, testParser } from './test-parser';

// The review of round 6 (decision 0040, "Review findings"): each misfire the review found, beside
// the sentences its rule was made for, which must keep working.
// Films named by ordinary words: a catalog has them, so only the reading can keep them out.
const p = testParser({
  titles: [
    film(1949, 'Zodiac'),
    film(14160, 'Up'),
    film(329865, 'Arrival'),
    film(146233, 'Prisoners'),
    film(1001, 'Together'),
    film(1002, 'After'),
    film(1003, 'Alone'),
    film(1004, 'Robots'),
    film(1005, 'Dinner'),
  ],
  keywords: ['clown', 'plane', 'space', 'robot', 'heart'],
  knownWords: ['tokyo', 'toddler', 'calm', 'racing', 'gentle', 'dinner', 'group', 'together', 'alone'],
  typoTargets: ['clown', 'plane', 'space', 'robot'],
});

describe('1. a lower-case word after a viewing word is a film only in a story of watching', () => {
  it.each([
    'what should we watch together tonight, something funny',
    'something light to watch after dinner',
    'a scary movie for watching alone',
    "I'm obsessed with robots, any good robot movies?",
  ])('%s → no film to match', (text) => {
    expect(p(text).like).toBeUndefined();
  });

  it.each([
    ['my brother made me watch Zodiac last weekend and honestly I cant shake it', 1949],
    ['been obsessed with Zodiac since I saw it, what else', 1949],
    ["can't get over Arrival, recommend something", 329865],
    ['Took my kids to see Up and they loved it, more please', 14160],
    // A story in the past may name a film in lower case.
    ['just got back from prisoners and my heart is still racing', 146233],
    ['finally watched arrival, more like that please', 329865],
    // Typed as a name, an ordinary word is a title after any viewing word.
    ['we want to watch Together again, anything like it', 1001],
  ])('%s → the film', (text, id) => {
    expect(p(text).like?.movie?.id).toBe(id);
  });
});

describe('2. a number is a rating only if nothing says it counts something', () => {
  it.each([
    'at least 50 films please',
    'my kids are 8 and up',
    'kids are 6 plus',
    'give me at least 5 suggestions',
    'films for a group of 7 or more',
    'at least 6 recommendations, thrillers',
  ])('%s → no rating', (text) => {
    expect(p(text).minRating).toBeUndefined();
  });

  it.each([
    ['8+ only', 8],
    ['at least a 7', 7],
    ['an 8 or better', 8],
    ['nothing below a 6.5', 6.5],
    ['a comedy, 7 or more', 7],
    ['a drama where the rating is 7 or more', 7],
    ["something that's 8 or better", 8],
  ])('%s → at least %s', (text, min) => {
    expect(p(text).minRating).toBe(min);
  });
});

describe('3. mood words only as said of the viewer', () => {
  it('"bored me half to death" is no fright', () => {
    const q = p('the last one bored me half to death');
    expect(q.moods).not.toContain('scary');
    expect(q.genreGroups.flat()).not.toContain(GENRE.horror);
  });

  it('"scare me half to death" still is', () => {
    expect(p('something to scare me half to death').genreGroups.flat()).toContain(GENRE.horror);
  });

  it('"my kids get frightened easily" rules scary out', () => {
    const q = p('my kids get frightened easily, something gentle');
    expect(q.genreGroups.flat()).not.toContain(GENRE.horror);
    expect(q.genresOut).toContain(GENRE.horror);
    expect(q.notMoods).toContain('scary');
  });

  it('a clown laughing in a horror film is a theme, no comedy', () => {
    const q = p('a horror movie where the clown keeps laughing');
    expect(q.genreGroups).toEqual([[GENRE.horror]]);
    expect(q.keywordsIn).toContain('clown');
  });

  it('a crying toddler asks for no sad film', () => {
    const q = p('something to calm a crying toddler');
    expect(q.moods).not.toContain('sad');
  });

  it.each([
    ['a movie that had me crying laughing', 'funny'],
    ['something that will have me laughing so hard', 'funny'],
    ['a film to leave me crying my eyes out', 'sad'],
    ['a tearjerker', 'sad'],
  ])('%s → %s', (text, mood) => {
    expect(p(text).moods).toContain(mood);
  });
});

describe('4. films set aside, then a real request', () => {
  it.each([
    [
      'never mind the film, something from the 90s set in space',
      (q: ReturnType<typeof p>) => q.yearFrom === 1990,
    ],
    ['leave the movie choice to you, something set in Tokyo', () => true],
    [
      'forget the superhero stuff, something under 90 minutes',
      (q: ReturnType<typeof p>) => q.runtimeMax === 90,
    ],
  ])('%s → a request', (text, check) => {
    const q = p(text);
    expect(q.social).toBeUndefined();
    expect(check(q)).toBe(true);
  });

  it.each([
    'forget about the movie catalog and just tell me the best restaurants in Paris',
    'never mind the film catalog, list the best hotels in Rome',
    'stop recommending movies and write my history essay on the french revolution',
  ])('%s → still a redirect', (text) => {
    expect(p(text).social).toBe('off-topic');
  });
});

describe('5. an era disliked is ruled out, an era not ruled out wins', () => {
  it('"I can\'t stand silent movies, something from the golden age" → the golden age', () => {
    const q = p("I can't stand silent movies, something from the golden age");
    expect([q.yearFrom, q.yearTo]).toEqual([1930, 1960]);
  });

  it('"classics but I hate silent films" → after the silent era', () => {
    const q = p('classics but I hate silent films');
    expect(q.yearFrom).toBe(1931);
  });

  it.each(['nothing from the silent era', 'no silent films please'])('%s → after 1930', (text) => {
    const q = p(text);
    expect([q.yearFrom, q.yearTo]).toEqual([1931, undefined]);
  });

  it("a nation's golden age is not Hollywood's years", () => {
    const q = p('Hong Kong golden age action');
    expect(q.yearFrom).toBeUndefined();
    expect(q.yearTo).toBeUndefined();
    expect(q.genreGroups.flat()).toContain(GENRE.action);
  });

  it("the golden age alone is still Hollywood's", () => {
    const q = p('a musical from the golden age');
    expect([q.yearFrom, q.yearTo]).toEqual([1930, 1960]);
  });
});

describe('6. "specifically" stressing a new request, "instead of"', () => {
  it('"I\'m specifically looking for a romantic comedy" is a new request', () => {
    const q = p("I'm specifically looking for a romantic comedy");
    expect(q.narrows).toBeUndefined();
  });

  it.each(['horror specifically', 'specifically from the 80s', 'the funny ones in particular'])(
    '%s still narrows',
    (text) => {
      expect(p(text).narrows).toBe(true);
    },
  );

  it('"a comedy instead of a horror" replaces and rules horror out', () => {
    const q = p('a comedy instead of a horror');
    expect(q.replaces).toBe(true);
    expect(q.genreGroups).toEqual([[GENRE.comedy]]);
    expect(q.genresOut).toContain(GENRE.horror);
  });

  it('"thrillers instead" still replaces', () => {
    const q = p('thrillers instead');
    expect(q.replaces).toBe(true);
    expect(q.genresOut).toEqual([]);
  });
});

describe('7. reaction phrases only beside a film named', () => {
  it('"a thriller set on a plane" keeps its plane', () => {
    expect(p('a thriller set on a plane').keywordsIn).toContain('plane');
  });

  it('"watched Arrival on the plane" is a story, not a theme', () => {
    const q = p('watched Arrival on the plane and it stuck with me for days. more like that please');
    expect(q.like?.movie?.id).toBe(329865);
    expect(q.keywordsIn).toEqual([]);
  });
});
