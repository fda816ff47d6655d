import { describe, expect, it } from 'vitest';
import { contentTerms, WEIGHTS } from '../src/model/content';
import { isPlaceKeyword } from '../src/model/places';
import { movie } from './fixture';

describe('place keywords', () => {
  it('are keywords made only of countries, regions and cities', () => {
    for (const k of [
      'south korea',
      'korea',
      'japan',
      'tokyo japan',
      'paris',
      'paris, france',
      'new york city',
      'london england',
      'los angeles',
      'scotland',
    ])
      expect(isPlaceKeyword(k), k).toBe(true);
  });

  it('are not kinds, even those tied to one country, nor words that are also places elsewhere', () => {
    for (const k of [
      'zombie',
      'samurai',
      'anime',
      'spaghetti western',
      'christmas',
      'reunion',
      'troll',
      'new french extremism',
      'korean war',
      'new york subway',
      'american football',
    ])
      expect(isPlaceKeyword(k), k).toBe(false);
  });

  it("share one place's weight in a film's terms, while kinds keep theirs", () => {
    const many = contentTerms(movie(1, { keywords: ['korea', 'south korea', 'seoul', 'zombie'] }));
    const places = ['korea', 'south korea', 'seoul'].map((k) => many.get(`k:${k}`)!);
    expect(places.reduce((a, b) => a + b, 0)).toBeCloseTo(WEIGHTS.place);
    expect(many.get('k:zombie')).toBe(WEIGHTS.keyword);
    const one = contentTerms(movie(2, { keywords: ['japan', 'samurai'] }));
    expect(one.get('k:japan')).toBe(WEIGHTS.place);
    expect(one.get('k:samurai')).toBe(WEIGHTS.keyword);
  });
});
