import { queryOptions, useQuery } from '@tanstack/react-query';
import { searchMovies } from './search-movies';

export const SUGGESTIONS_KEPT = 6;

/** Suggestions: page 1, first 6; fresh 5 minutes, kept 10. Errors give an empty list (logged). */
export const suggestionsQuery = (query: string) =>
  queryOptions({
    queryKey: ['suggestions', query],
    queryFn: async () => {
      try {
        const page = await searchMovies(query, 1);
        return page.results.slice(0, SUGGESTIONS_KEPT);
      } catch (err) {
        console.error('Suggestion fetch failed', err);
        return [];
      }
    },
    staleTime: 5 * 60_000,
    gcTime: 10 * 60_000,
  });

export const useSuggestions = (query: string, enabled = true) =>
  useQuery({ ...suggestionsQuery(query), enabled });
