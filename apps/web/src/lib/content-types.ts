export const CONTENT_TYPES = {
  popular: '/api/tmdb/movie/popular',
  top_rated: '/api/tmdb/movie/top_rated',
  trending: '/api/tmdb/trending/movie/week',
  now_playing: '/api/tmdb/movie/now_playing',
} as const;

export type ContentType = keyof typeof CONTENT_TYPES;

export const isContentType = (t: string | undefined): t is ContentType => !!t && t in CONTENT_TYPES;

/** "top_rated" → "Top Rated": underscores to spaces, words capitalised. */
export function titleFromType(type: string): string {
  return type
    .split('_')
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');
}
