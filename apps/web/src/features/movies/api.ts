import type { MovieCredits, MovieDetails, MoviePage, PersonMovieCredits } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api-client';
import { CONTENT_TYPES, type ContentType } from '../../lib/content-types';

export const SUGGESTIONS_KEPT = 6;

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

export const useMovieList = (type: ContentType, page = 1) => useQuery(movieListQuery(type, page));
