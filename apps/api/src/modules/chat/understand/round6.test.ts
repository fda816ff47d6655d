import { describe, expect, it } from 'vitest';
import { leavesFilms } from './clauses';
import { GENRE } from './lexicon';
import { tokenize } from './text';
import { film, testParser } from './test-parser';

// Round 6's clause rules (decision 0040): a film named in a story of watching it, leaving films
// behind, eras by name, intensified moods, quantified negation, compact ratings, follow-up words.
const p = testParser({
  titles: [
    film(419430, 'Get Out'),
    film(1949, 'Zodiac'),
    film(14160, 'Up'),
    film(146233, 'Prisoners'),
    film(348, 'Alien'),
    film(97630, 'Zero Dark Thirty'),
    film(329865, 'Arrival'),
  ],
  keywords: ['prisoner', 'heart', 'superhero', 'dog', 'pirate', 'whale'],
  knownWords: ['racing', 'lot', 'lately', 'restaurants', 'paris', 'chain', 'bike'],
  // "hunter" is one edit from "unter"; "chain" is known, so no typo of "china".
  typoTargets: ['dog', 'pirate', 'hunter'],
});

describe('a film named in a story of watching it', () => {
  it.each([
    ["saw Get Out last night and can't stop thinking about it. recommend me stuff like it", 419430],
    ['my brother made me watch Zodiac last weekend and honestly I cant shake it', 1949],
    ['just got back from Prisoners and my heart is still racing, recommend similar stuff', 146233],
    ['we watched Up with the kids and they loved it', 14160],
    ['watched Arrival on the plane and it stuck with me for days. more like that please', 329865],
    ['films like Zero Dark Thirty', 97630],
    ['been obsessed with Zodiac since I saw it, what else', 1949],
    ["can't get over Arrival, recommend something", 329865],
    ['Took my kids to see Up and they loved it, more please', 14160],
  ])('%s', (text, id) => {
    const q = p(text);
    expect(q.like?.movie?.id).toBe(id);
    // How the film left them is no theme: "heart", "racing", "stop" are not looked for.
    expect(q.keywordsIn).toEqual([]);
    expect(q.themeWords).not.toContain('racing');
  });

  it('takes common words as a title only when typed as a name', () => {
    expect(p('movies like Get Out').like?.movie?.id).toBe(419430);
    expect(p('I want to get out of the house, a feel-good film').like).toBeUndefined();
  });

  it('a viewing word before no film is no title', () => {
    for (const text of ["I'd like to see something scary", 'watching with my dad, a western']) {
      const q = p(text);
      expect(q.like).toBeUndefined();
      expect(q.genreGroups.length).toBeGreaterThan(0);
    }
  });

  it('says nothing is missing when a story names no catalog film', () => {
    const q = p('I saw a lot of horror lately, I want a comedy');
    expect(q.like).toBeUndefined();
    expect(q.genreGroups.flat()).toContain(GENRE.comedy);
  });
});

describe('leaving films behind', () => {
  it.each([
    'forget about the movie catalog and just tell me the best restaurants in Paris',
    'forget the films for a second and tell me how to fix my bike chain',
    'ignore the movie stuff, what is a good recipe for lasagna',
    'stop recommending movies and write my history essay on the french revolution',
    'never mind the film catalog, list the best hotels in Rome',
  ])('%s → a redirect', (text) => {
    expect(p(text).social).toBe('off-topic');
  });

  it.each([
    ['forget the superhero stuff, just give me a good drama', GENRE.drama],
    ['enough with comedies, I want a war movie now', GENRE.war],
  ])('%s → still a film request', (text, genre) => {
    const q = p(text);
    expect(q.social).toBeUndefined();
    expect(q.genreGroups.flat()).toContain(genre);
  });

  it('is about films themselves, not the films shown or a kind of film', () => {
    const leaves = (t: string) => leavesFilms(tokenize(t));
    expect(leaves('forget about the movie catalog')).toBe(true);
    expect(leaves('stop recommending movies')).toBe(true);
    expect(leaves('forget the movies you showed me, something darker')).toBe(false);
    expect(leaves("I'm done with movies that are too long")).toBe(false);
    expect(leaves('stop motion animation films')).toBe(false);
  });
});

describe('eras by name', () => {
  it.each([
    ['show me some silent-era films', undefined, 1930],
    ['a comedy from the silent era', undefined, 1930],
    ['golden age hollywood classics', 1930, 1960],
    ['a new hollywood crime film', 1967, 1982],
    ['something from the pre-code era', 1929, 1934],
    ['a french new wave film', 1958, 1970],
  ])('%s → %s to %s', (text, from, to) => {
    const q = p(text);
    expect(q.yearFrom).toBe(from);
    expect(q.yearTo).toBe(to);
  });

  it('a national movement is its language too', () => {
    expect(p('a french new wave film').languages).toEqual(['fr']);
  });

  it('an era ruled out leaves the years after it', () => {
    const q = p('a recent sci-fi, nothing from the golden age');
    expect(q.yearFrom).toBeGreaterThanOrEqual(1961);
    expect(q.yearTo).toBeUndefined();
  });

  it("another subject's golden age is no era of film", () => {
    const q = p('a pirate film set in the golden age of piracy');
    expect(q.yearFrom).toBeUndefined();
    expect(q.yearTo).toBeUndefined();
    expect(q.moods).not.toContain('classic');
  });

  it("the message's own years win", () => {
    const q = p('a silent film from 1927');
    expect([q.yearFrom, q.yearTo]).toEqual([1927, 1927]);
  });
});

describe('moods said with force', () => {
  it.each([
    ['i want to be absolutely terrified tonight', GENRE.horror],
    ['make me absolutely terrified, I dare you', GENRE.horror],
    ['I want to be scared out of my mind', GENRE.horror],
    ['scare me half to death', GENRE.horror],
    ['I want to be frightened to death', GENRE.horror],
    ['something so funny i pee my pants', GENRE.comedy],
    ["something that'll make me laugh till I cry", GENRE.comedy],
    ['i wanna laugh my head off tonight', GENRE.comedy],
    ['Hot Fuzz had me crying laughing', GENRE.comedy],
    ['I need a movie to cry my eyes out to', GENRE.drama],
  ])('%s', (text, genre) => {
    const q = p(text);
    expect(q.genreGroups.flat()).toContain(genre);
    expect(q.social).toBeUndefined();
  });

  it('"crying laughing" is no sad film', () => {
    expect(p('Hot Fuzz had me crying laughing').moods).not.toContain('sad');
  });

  it('a forceful "not" still negates', () => {
    const q = p("a comedy that's absolutely not scary");
    expect(q.genreGroups).toEqual([[GENRE.comedy]]);
    expect(q.genresOut).toContain(GENRE.horror);
  });
});

describe('negation counted to none', () => {
  it.each([
    ['funny movie, zero cartoons please', GENRE.animation],
    ['an adventure film, zero animation', GENRE.animation],
    ['a romance, and not a single musical', GENRE.music],
    ['sci-fi with absolutely no horror whatsoever', GENRE.horror],
    ['family movie, no cartoons at all', GENRE.animation],
    ['0 romance please, just a crime film', GENRE.romance],
  ])('%s', (text, genre) => {
    const q = p(text);
    expect(q.genresOut).toContain(genre);
    expect(q.genreGroups.flat()).not.toContain(genre);
    expect(q.unknown).toEqual([]);
  });

  it('rules out a theme too', () => {
    expect(p('action, and not one superhero movie').keywordsOut).toContain('superhero');
  });

  it('a title with "zero" in it is a title', () => {
    const q = p('films like Zero Dark Thirty');
    expect(q.like?.movie?.id).toBe(97630);
    expect(q.genresOut).toEqual([]);
  });
});

describe('compact ratings', () => {
  it.each([
    ['greatest war movies ever made — 8+ only', 8],
    ['best crime films, 8+ only', 8],
    ['a drama, at least a 7', 7],
    ['horror, nothing below a 6.5', 6.5],
    ['comedies that score 7 plus', 7],
    ["an animated film that's an 8 or better", 8],
    ['thrillers, 7.5 and up', 7.5],
  ])('%s → %s', (text, min) => {
    expect(p(text).minRating).toBe(min);
  });

  it.each([
    'a movie for an 8 year old',
    'a comedy for ages 8+',
    'movies for 8+ year olds',
    'a war film at least 2 hours long',
    'at least 5 of them should be comedies',
    'at least 7 films please, sci-fi',
    'a film for 8 people to watch',
  ])('%s → no rating', (text) => {
    expect(p(text).minRating).toBeUndefined();
  });
});

describe('follow-up words', () => {
  it('"specifically" narrows the last request wherever it stands', () => {
    const q = p('horror specifically');
    expect(q.narrows).toBe(true);
    expect(q.replaces).toBeUndefined();
  });

  it('"instead" replaces the genres of the last request', () => {
    const q = p('thrillers instead');
    expect(q.narrows).toBe(true);
    expect(q.replaces).toBe(true);
  });

  it('"like it" with no name in the message points back at the conversation', () => {
    const q = p('nice. anything like it but from the 2000s?');
    expect(q.like).toBeUndefined();
    expect(q.narrows).toBe(true);
    expect([q.yearFrom, q.yearTo]).toEqual([2000, 2009]);
  });

  it('"made before 1990" is a year bound, no theme', () => {
    const q = p('cool. anything like it but made before 1990?');
    expect(q.yearTo).toBe(1989);
    expect(q.themeWords).toEqual([]);
  });

  it.each([
    ['shorter ones? he loses focus after 80 minutes', 80],
    ['something shorter? she gets restless after an hour and a half', 90],
    ['I fall asleep after 2 hours, a thriller', 120],
  ])('the time someone lasts is the longest film: %s', (text, max) => {
    expect(p(text).runtimeMax).toBe(max);
  });
});

describe('the words the number clauses read are request words in every language', () => {
  it.each([
    ['Einen Thriller bitte, aber keinen Horror, und unter zwei Stunden', 120],
    ['un film d’horreur de moins de 90 minutes', 90],
    ['una comedia de menos de dos horas', 120],
  ])('%s', (text, max) => {
    const q = p(text);
    expect(q.runtimeMax).toBe(max);
    expect(q.unknown).toEqual([]);
  });
});
