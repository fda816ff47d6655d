import { describe, expect, it } from 'vitest';
import { fitsAfter, isFeatureFilm, isObscure, isShort, isTvMovie } from '../src/kind';

const m = (runtime: number | null, genre_ids: number[], vote_count: number) => ({
  runtime,
  genre_ids,
  vote_count,
});

describe('catalog kind rule', () => {
  it('tells shorts, TV movies and obscure titles from feature films people know', () => {
    expect(isShort(m(22, [16], 249))).toBe(true); // Toy Story That Time Forgot
    expect(isShort(m(null, [16], 249))).toBe(false); // unknown runtime is not taken as short
    expect(isShort(m(40, [16], 249))).toBe(false);
    expect(isTvMovie(m(88, [18, 10770], 300))).toBe(true);
    expect(isObscure(m(95, [35], 16))).toBe(true); // Bringing Up Bobby
    expect(isFeatureFilm(m(81, [16, 10751], 5415))).toBe(true); // Toy Story
    expect(isFeatureFilm(m(70, [10751, 16], 83))).toBe(true);
    expect(isFeatureFilm(m(75, [16, 10751], 11))).toBe(false);
  });

  it('lets a kind follow a seed of the same kind only, and nothing under 10 votes', () => {
    const feature = m(100, [18], 2000);
    const short = m(8, [16], 200);
    const tv = m(90, [18, 10770], 120);
    const obscure = m(95, [18], 20);
    expect(fitsAfter(feature, feature)).toBe(true);
    expect(fitsAfter(feature, short)).toBe(false);
    expect(fitsAfter(feature, tv)).toBe(false);
    expect(fitsAfter(feature, obscure)).toBe(false);
    expect(fitsAfter(short, short)).toBe(true);
    expect(fitsAfter(tv, tv)).toBe(true);
    expect(fitsAfter(obscure, obscure)).toBe(true);
    expect(fitsAfter(obscure, feature)).toBe(true);
    expect(fitsAfter(obscure, m(95, [18], 9))).toBe(false);
    // A franchise member may be obscure (a sequel few rated), never a short or TV special after a feature.
    expect(fitsAfter(feature, obscure, { sameFranchise: true })).toBe(true);
    expect(fitsAfter(feature, short, { sameFranchise: true })).toBe(false);
    expect(fitsAfter(feature, tv, { sameFranchise: true })).toBe(false);
  });
});
