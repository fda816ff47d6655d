import type { MovieCredits, MovieDetails, MoviePage, PersonMovieCredits } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api-client';
import { CONTENT_TYPES, type ContentType } from '../../lib/content-types';

export const SUGGESTIONS_KEPT = 6;
export const RECOMMENDATIONS_REQUESTED = 10;
export const RECOMMENDATIONS_SHOWN = 12;

export const movieListQuery = (type: ContentType, page = 1) =>
  queryOptions({
    queryKey: ['movies', type, page],
    queryFn: () => apiFetch<MoviePage>(`${CONTENT_TYPES[type]}?page=${page}`),
  });

export const movieQuery = (id: number) =>
  queryOptions({ queryKey: ['movie', id], queryFn: () => apiFetch<MovieDetails>(`/api/tmdb/movie/${id}`) });

export const creditsQuery = (id: number) =>
  queryOptions({
    queryKey: ['credits', id],
    queryFn: () => apiFetch<MovieCredits>(`/api/tmdb/movie/${id}/credits`),
  });

export const searchQuery = (query: string, page = 1) =>
  queryOptions({
    queryKey: ['search', query, page],
    queryFn: () =>
      apiFetch<MoviePage>(`/api/tmdb/search/movie?query=${encodeURIComponent(query)}&page=${page}`),
  });

export const discoverQuery = (genreId: number, page = 1) =>
  queryOptions({
    queryKey: ['discover', genreId, page],
    queryFn: () => apiFetch<MoviePage>(`/api/tmdb/discover/movie?with_genres=${genreId}&page=${page}`),
  });

export const personCreditsQuery = (id: number) =>
  queryOptions({
    queryKey: ['person', id],
    queryFn: () => apiFetch<PersonMovieCredits>(`/api/tmdb/person/${id}/movie_credits`),
  });

/** Suggestions: page 1, first 6; fresh 5 minutes, kept 10. Errors give an empty list (logged). */
export const suggestionsQuery = (query: string) =>
  queryOptions({
    queryKey: ['suggestions', query],
    queryFn: async () => {
      try {
        const page = await apiFetch<MoviePage>(
          `/api/tmdb/search/movie?query=${encodeURIComponent(query)}&page=1`,
        );
        return page.results.slice(0, SUGGESTIONS_KEPT);
      } catch (err) {
        console.error('Suggestion fetch failed', err);
        return [];
      }
    },
    staleTime: 5 * 60_000,
    gcTime: 10 * 60_000,
  });

/** The recommender's picks (top_n 10), each resolved through movie/{id}; at most 12 shown. */
export const recommendationsQuery = (id: number) =>
  queryOptions({
    queryKey: ['recommendations', id],
    queryFn: async () => {
      const recs = await apiFetch<{ tmdbId: number; rating: number }[]>(
        `/api/recommend?tmdb_id=${id}&top_n=${RECOMMENDATIONS_REQUESTED}`,
      ).catch(() => []);
      const movies = await Promise.all(
        recs
          .slice(0, RECOMMENDATIONS_SHOWN)
          .map((r) => apiFetch<MovieDetails>(`/api/tmdb/movie/${r.tmdbId}`).catch(() => null)),
      );
      return movies.filter((m): m is MovieDetails => m !== null);
    },
  });

export const useMovieList = (type: ContentType, page = 1) => useQuery(movieListQuery(type, page));
