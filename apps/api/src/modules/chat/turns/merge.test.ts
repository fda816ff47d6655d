import { describe, expect, it } from 'vitest';
import { emptyQuery, type Query } from '../understand/query';
import { carryQuery, joinRequests } from './merge';

const q = (over: Partial<Query>): Query => ({ ...emptyQuery(), empty: false, ...over });
const COMEDY = 35;
const WAR = 10752;
const HORROR = 27;

describe('the merge of request states (decision 0098)', () => {
  it('a new request carries every earlier constraint it does not replace', () => {
    const french = q({
      languages: ['fr'],
      yearFrom: 1990,
      yearTo: 1999,
      runtimeMax: 110,
      genresOut: [HORROR],
    });
    const comedy = q({ genreGroups: [[COMEDY]], lang: 'fr' });
    const joined = carryQuery(french, comedy);
    expect(joined.genreGroups).toEqual([[COMEDY]]);
    expect(joined.languages).toEqual(['fr']);
    expect([joined.yearFrom, joined.yearTo, joined.runtimeMax]).toEqual([1990, 1999, 110]);
    expect(joined.genresOut).toEqual([HORROR]);
  });

  it('what the new request sets replaces the earlier value of that kind', () => {
    const epicWar = q({ genreGroups: [[WAR]], runtimeMin: 150, moods: ['epic'] });
    const shorter = q({ runtimeMax: 120, themeWords: ['wife'] });
    const joined = carryQuery(epicWar, shorter);
    // The genre holds (the message names none); the length is the new one, both bounds.
    expect(joined.genreGroups).toEqual([[WAR]]);
    expect(joined.runtimeMax).toBe(120);
    expect(joined.runtimeMin).toBeUndefined();
    const english = carryQuery(q({ languages: ['fr'] }), q({ genreGroups: [[COMEDY]], languages: ['en'] }));
    expect(english.languages).toEqual(['en']);
  });

  it('a genre asked for now is no longer ruled out; exclusions otherwise add up', () => {
    const joined = carryQuery(
      q({ genresOut: [HORROR, WAR], keywordsOut: ['gore'] }),
      q({ genreGroups: [[HORROR]], keywordsOut: ['clown'] }),
    );
    expect(joined.genresOut).toEqual([WAR]);
    expect(joined.keywordsOut).toEqual(['gore', 'clown']);
  });

  it('a child’s age holds for the conversation, the youngest counting', () => {
    expect(carryQuery(q({ childAge: 5 }), q({ genreGroups: [[COMEDY]] })).childAge).toBe(5);
    expect(carryQuery(q({ childAge: 8 }), q({ childAge: 6 })).childAge).toBe(6);
  });

  it('a film to be like replaces the earlier subject and themes but keeps the limits', () => {
    const seed = { text: 'Heat', movie: null, confidence: 1, closest: null };
    const joined = carryQuery(
      q({ genreGroups: [[WAR]], keywordsIn: ['nazi'], languages: ['de'] }),
      q({ like: seed }),
    );
    expect(joined.genreGroups).toEqual([]);
    expect(joined.keywordsIn).toEqual([]);
    expect(joined.languages).toEqual(['de']);
  });

  it('themes hold when the new request names none, and give way when it does', () => {
    const zombies = q({ keywordsIn: ['zombie'], genreGroups: [[HORROR]] });
    const later = carryQuery(zombies, q({ runtimeMax: 100, themeWords: ['tonight'] }));
    expect([later.keywordsIn, later.themeWords]).toEqual([['zombie'], ['tonight']]);
    expect(carryQuery(zombies, q({ runtimeMax: 100 })).keywordsIn).toEqual(['zombie']);
    // A genre or films named with descriptors of their own start a new subject.
    expect(carryQuery(zombies, q({ genreGroups: [[COMEDY]] })).keywordsIn).toEqual([]);
    expect(carryQuery(zombies, q({ languages: ['fr'], namesFilms: true })).genreGroups).toEqual([]);
    expect(carryQuery(zombies, q({ keywordsIn: ['vampire'] })).keywordsIn).toEqual(['vampire']);
    // No genre or mood named: the earlier genre holds too.
    expect(carryQuery(zombies, q({ keywordsIn: ['vampire'] })).genreGroups).toEqual([[HORROR]]);
  });

  it('what the message lifts is not carried; "start over" carries nothing', () => {
    const last = q({ languages: ['fr'], yearFrom: 1980, yearTo: 1989, runtimeMax: 100, minRating: 7 });
    const anyLanguage = carryQuery(last, q({ genreGroups: [[COMEDY]], drops: ['languages', 'years'] }));
    expect(anyLanguage.languages).toEqual([]);
    expect([anyLanguage.yearFrom, anyLanguage.yearTo]).toEqual([undefined, undefined]);
    expect([anyLanguage.runtimeMax, anyLanguage.minRating]).toEqual([100, 7]);
    const fresh = q({ genreGroups: [[COMEDY]], drops: ['all'] });
    expect(carryQuery(last, fresh)).toBe(fresh);
    // A refinement that lifts a limit: the rest of the last request holds.
    const narrowed = joinRequests(
      q({ genreGroups: [[WAR]], languages: ['de'] }),
      q({ drops: ['languages'] }),
    );
    expect(narrowed.languages).toEqual([]);
    expect(narrowed.genreGroups).toEqual([[WAR]]);
  });

  it('a mood ruled out in a refinement keeps the request’s own mood; a comparative turns it', () => {
    const scary = q({ genreGroups: [[HORROR]], moods: ['scary'], soft: { dark: 1 } });
    const notBloody = q({ keywordsOut: ['gore'], soft: { dark: -1 }, notMoods: ['violent'], narrows: true });
    const kept = joinRequests(scary, notBloody);
    expect(kept.genreGroups).toEqual([[HORROR]]);
    expect(kept.keywordsOut).toEqual(['gore']);
    const lighter = joinRequests(scary, q({ soft: { dark: -1 }, relative: true, comparative: 'lighter' }));
    expect(lighter.moods).toEqual([]);
  });
});
