/**
 * The social queries' keys. They sit under 'library' because every answer depends on who is
 * asking (a relationship, a liked review, a profile visible only to followers): lib/auth.tsx
 * forgets every 'library' query when the user signs out or another signs in.
 */
const root = ['library', 'social'] as const;
export const socialKeys = {
  all: root,
  settings: [...root, 'settings'] as const,
  requests: [...root, 'requests'] as const,
  blocks: [...root, 'blocks'] as const,
  profiles: [...root, 'profile'] as const,
  profile: (username: string) => [...root, 'profile', username.toLowerCase()] as const,
  people: (username: string, list: PeopleList) => [...root, 'people', username.toLowerCase(), list] as const,
  search: (q: string) => [...root, 'search', q.toLowerCase()] as const,
  username: (name: string) => [...root, 'username', name.toLowerCase()] as const,
  feed: [...root, 'feed'] as const,
  friends: (tmdbId: number) => [...root, 'friends', tmdbId] as const,
  reviews: (tmdbId: number) => [...root, 'reviews', tmdbId] as const,
};

export type PeopleList = 'followers' | 'following';

/** The API path of a profile (and, with `rest`, of one of its actions). */
export const profilePath = (username: string, rest = '') =>
  `/api/profiles/${encodeURIComponent(username)}${rest}`;
/** The web page of a profile. */
export const profileUrl = (username: string) => `/u/${encodeURIComponent(username)}`;
