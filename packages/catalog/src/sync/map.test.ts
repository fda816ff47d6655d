import { describe, expect, it } from 'vitest';
import {
  movieFromDetails,
  MalformedAnswerError,
  rejectReason,
  usCertification,
  type TmdbMovieDetails,
} from './map';

const details = (extra: Partial<TmdbMovieDetails> = {}): TmdbMovieDetails => ({
  id: 573435,
  title: 'Bad Boys: Ride or Die',
  original_title: 'Bad Boys: Ride or Die',
  original_language: 'en',
  overview: 'Miami detectives go on the run.',
  tagline: 'Ride or die.',
  release_date: '2024-06-05',
  status: 'Released',
  runtime: 115,
  vote_average: 7.59,
  vote_count: 2100,
  popularity: 123.4567,
  poster_path: '/nP6RliHjxsz4irTKsxe8FRhKZYl.jpg',
  backdrop_path: '/tncbMvfV0V07UZozXdBEq4Wu9HH.jpg',
  belongs_to_collection: { id: 14890, name: 'Bad Boys Collection', backdrop_path: '/coll.jpg' },
  genres: [
    { id: 28, name: 'Action' },
    { id: 9999, name: 'Gone' },
  ],
  keywords: {
    keywords: [
      { id: 1, name: 'Miami ' },
      { id: 2, name: 'miami' },
      { id: 3, name: 'Buddy Cop' },
    ],
  },
  credits: {
    cast: [
      { id: 8891, name: 'Martin Lawrence', character: 'Marcus Burnett', order: 1 },
      { id: 2888, name: 'Will Smith', character: 'Mike Lowrey', order: 0 },
    ],
    crew: [
      { id: 1, name: 'Adil El Arbi', job: 'Director', department: 'Directing' },
      { id: 2, name: 'Bilall Fallah', job: 'Director', department: 'Directing' },
      { id: 3, name: 'Chris Bremner', job: 'Screenplay', department: 'Writing' },
      { id: 3, name: 'Chris Bremner', job: 'Story', department: 'Writing' },
      { id: 4, name: 'Someone', job: 'Editor', department: 'Editing' },
    ],
  },
  release_dates: {
    results: [
      { iso_3166_1: 'GB', release_dates: [{ certification: '15', type: 3 }] },
      {
        iso_3166_1: 'US',
        release_dates: [
          { certification: '', type: 1 },
          { certification: 'R', type: 3 },
        ],
      },
    ],
  },
  ...extra,
});

describe('movieFromDetails', () => {
  it("maps TMDB's details with the builder's conventions and the new people fields", () => {
    const m = movieFromDetails(details());
    expect(m).toMatchObject({
      id: 573435,
      title: 'Bad Boys: Ride or Die',
      release_date: '2024-06-05',
      vote_average: 7.6,
      popularity: 123.457,
      poster_path: '/poster-573435.svg',
      backdrop_path: '/backdrop-573435.svg',
      tmdb_poster_path: '/nP6RliHjxsz4irTKsxe8FRhKZYl.jpg',
      tmdb_backdrop_path: '/tncbMvfV0V07UZozXdBEq4Wu9HH.jpg',
      genre_ids: [28],
      keywords: ['miami', 'buddy cop'],
      collection: { id: 14890, name: 'Bad Boys Collection' },
      certification: 'R',
      directors: [
        { id: 1, name: 'Adil El Arbi' },
        { id: 2, name: 'Bilall Fallah' },
      ],
      writers: [{ id: 3, name: 'Chris Bremner' }],
    });
    expect(m.cast).toEqual([
      { id: 2888, name: 'Will Smith', character: 'Mike Lowrey', order: 0 },
      { id: 8891, name: 'Martin Lawrence', character: 'Marcus Burnett', order: 1 },
    ]);
  });

  it('keeps at most 15 cast members, no poster as null, the collection backdrop when the film has none', () => {
    const cast = Array.from({ length: 40 }, (_, i) => ({
      id: i + 1,
      name: `Actor ${i}`,
      character: 'x',
      order: i,
    }));
    const m = movieFromDetails(details({ poster_path: null, backdrop_path: null, credits: { cast } }));
    expect(m.cast).toHaveLength(15);
    expect(m.poster_path).toBeNull();
    expect(m.tmdb_backdrop_path).toBe('/coll.jpg');
    expect(m.release_date).toBe('2024-06-05');
  });

  it('a malformed answer (no id, no title) throws MalformedAnswerError', () => {
    expect(() => movieFromDetails({ title: 'x' } as TmdbMovieDetails)).toThrow(MalformedAnswerError);
    expect(() => movieFromDetails({ id: 5, title: ' ', original_title: '' })).toThrow(MalformedAnswerError);
  });

  it('certification: null without a US one', () => {
    expect(usCertification(details({ release_dates: { results: [] } }))).toBeNull();
  });
});

describe('rejectReason', () => {
  const now = Date.parse('2024-08-01');
  it('keeps a seen film, a recent popular one, and an existing one whatever its votes', () => {
    expect(rejectReason(details(), false, now)).toBeNull();
    expect(
      rejectReason(details({ vote_count: 0, popularity: 20, release_date: '2024-12-01' }), false, now),
    ).toBeNull();
    expect(rejectReason(details({ vote_count: 0, popularity: 0.1 }), true, now)).toBeNull();
  });
  it('drops adult films, videos, undated and unseen new films', () => {
    expect(rejectReason(details({ adult: true }), true, now)).toBe('adult');
    expect(rejectReason(details({ video: true }), false, now)).toBe('video');
    expect(rejectReason(details({ release_date: '' }), false, now)).toBe('no release date');
    expect(rejectReason(details({ vote_count: 3, popularity: 0.8 }), false, now)).toBe('too few votes');
    expect(
      rejectReason(details({ vote_count: 3, popularity: 50, release_date: '1990-01-01' }), false, now),
    ).toBe('too few votes');
  });
});
