import { ProfileSettingsPatch, type FeedItem, type Profile, type PublicReview } from '@app/contracts';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { startLibraryApi } from './library-api';
import { json } from './render';

/** A person of the fake social graph. The signed-in user is `me` (null until they choose a name). */
export interface FakePerson {
  username: string;
  public: boolean;
  /** People who follow this one (accepted). */
  followers: string[];
  /** People who asked to follow this one (pending). */
  requests: string[];
  /** People this one blocked. */
  blocked: string[];
}

/** Answers with `json` and says it did. */
const send = (...args: Parameters<typeof json>): boolean => {
  json(...args);
  return true;
};

const spread = () =>
  [0.5, 1, 1.5, 2, 2.5, 3, 3.5, 4, 4.5, 5].map((rating) => ({
    rating,
    count: rating === 4 ? 3 : rating === 5 ? 1 : 0,
  }));

/**
 * A real local HTTP server answering the social routes as packages/contracts/src/social.ts says
 * (paths, statuses, shapes: the web's API calls parse every answer against the contract in tests),
 * over the library fake's signed-in session. `calls` records every write, in order.
 */
export async function startSocialApi(
  init: {
    me?: string | null;
    mePublic?: boolean;
    people?: Partial<FakePerson>[];
    feed?: FeedItem[];
    reviews?: PublicReview[];
    friends?: { username: string; rating: number | null; watched_on: string | null }[];
    /** The signed-in user's review of the film was removed by a moderator (decision 0100). */
    ownRemoved?: boolean;
  } = {},
) {
  const person = (p: Partial<FakePerson>): FakePerson => ({
    username: p.username ?? 'someone',
    public: p.public ?? true,
    followers: [...(p.followers ?? [])],
    requests: [...(p.requests ?? [])],
    blocked: [...(p.blocked ?? [])],
  });
  const state = {
    me: init.me === undefined ? 'eve' : init.me,
    people: (init.people ?? []).map(person),
    feed: [...(init.feed ?? [])],
    reviews: [...(init.reviews ?? [])],
    friends: init.friends ?? [],
    reported: [] as string[],
    /** While set, likes are answered only once it resolves (a like on its way). */
    likesHeld: null as Promise<void> | null,
  };
  if (state.me) state.people.push(person({ username: state.me, public: init.mePublic ?? false }));
  const find = (u: string) => state.people.find((p) => p.username.toLowerCase() === u.toLowerCase());
  const me = () => (state.me ? find(state.me)! : null);
  const following = (p: FakePerson): 'none' | 'pending' | 'accepted' =>
    !state.me
      ? 'none'
      : p.followers.includes(state.me)
        ? 'accepted'
        : p.requests.includes(state.me)
          ? 'pending'
          : 'none';

  function profile(p: FakePerson): Profile {
    const self = p.username === state.me;
    const visible = p.public || self || following(p) === 'accepted';
    const m = me();
    return {
      username: p.username,
      public: p.public,
      visible,
      relationship: {
        username: p.username,
        is_self: self,
        following: following(p),
        follows_you: m && m.followers.includes(p.username) ? 'accepted' : 'none',
        blocked: !!m?.blocked.includes(p.username),
      },
      favourites: visible
        ? [{ tmdb_id: 157336, title: 'Interstellar', poster_path: null, release_date: '2014-11-05' }]
        : null,
      favourites_chosen: visible ? true : null,
      recent_diary: visible
        ? [
            {
              tmdb_id: 155,
              title: 'The Dark Knight',
              poster_path: null,
              release_date: '2008-07-16',
              watched_on: '2026-11-20',
              rewatch: true,
              rating: 4.5,
            },
          ]
        : null,
      ratings_spread: visible ? spread() : null,
      playlists: visible ? [{ name: 'Space films', slug: 'space-films-abc', movie_count: 3 }] : null,
      counts: visible
        ? {
            films: 12,
            this_year: 4,
            followers: p.followers.length,
            following: state.people.filter((q) => q.followers.includes(p.username)).length,
          }
        : null,
    };
  }

  function people(res: ServerResponse, method: string, path: string, b: Record<string, unknown>): boolean {
    const m = /^\/api\/profiles\/([^/]+)(?:\/(follow|follower|block|followers|following))?$/.exec(path);
    if (!m) return false;
    const p = find(decodeURIComponent(m[1]!));
    const blockedMe = p && state.me && p.blocked.includes(state.me);
    if (!p || blockedMe) return send(res, { message: 'Profile not found' }, 404);
    const action = m[2];
    const rel = () => profile(p).relationship;
    if (!action) return send(res, profile(p));
    if (action === 'followers' || action === 'following') {
      const list =
        action === 'followers'
          ? p.followers
          : state.people.filter((q) => q.followers.includes(p.username)).map((q) => q.username);
      return (
        send(res, {
          results: list.map((u) => ({ username: u, public: find(u)?.public ?? true })),
          next_cursor: null,
        }) ?? true
      );
    }
    if (action === 'follow' && method === 'POST') {
      if (!state.me) return send(res, { message: 'Choose a username first', code: 'USERNAME_REQUIRED' }, 409);
      if (p.public) p.followers.push(state.me);
      else p.requests.push(state.me);
      return send(res, { username: p.username, state: following(p), message: 'ok' });
    }
    if (action === 'follow' && method === 'DELETE') {
      p.followers = p.followers.filter((u) => u !== state.me);
      p.requests = p.requests.filter((u) => u !== state.me);
      return send(res, { username: p.username, state: 'none', message: 'ok' });
    }
    if (action === 'block') {
      const m2 = me()!;
      if (method === 'PUT') {
        m2.blocked.push(p.username);
        p.followers = p.followers.filter((u) => u !== state.me);
        m2.followers = m2.followers.filter((u) => u !== p.username);
      } else m2.blocked = m2.blocked.filter((u) => u !== p.username);
      return send(res, rel());
    }
    void b;
    return false;
  }

  function own(res: ServerResponse, method: string, path: string, b: Record<string, unknown>): boolean {
    if (path === '/api/user/profile' && method === 'GET')
      return send(res, { username: state.me, public: me()?.public ?? false, favourites: [] });
    if (path === '/api/user/profile' && method === 'PATCH') {
      const parsed = ProfileSettingsPatch.safeParse(b);
      if (!parsed.success) return send(res, { message: parsed.error.issues[0]!.message }, 400);
      const { username, public: pub } = parsed.data;
      if (username && find(username) && find(username) !== me())
        return send(res, { message: 'That username is taken' }, 409);
      if (!state.me && !username) return send(res, { message: 'Choose a username first' }, 400);
      if (username) {
        if (me()) me()!.username = username;
        else state.people.push(person({ username, public: false }));
        state.me = username;
      }
      if (pub !== undefined) me()!.public = pub;
      return send(res, { username: state.me, public: me()!.public, favourites: [] });
    }
    return false;
  }

  function ownLists(res: ServerResponse, path: string): boolean {
    if (path === '/api/user/follow-requests')
      return (
        send(res, {
          results: (me()?.requests ?? []).map((u) => ({ username: u, requested_at: '2026-11-25T10:00:00Z' })),
        }) ?? true
      );
    const r = /^\/api\/user\/follow-requests\/([^/]+)\/(accept|decline)$/.exec(path);
    if (r) {
      const m2 = me()!;
      const u = decodeURIComponent(r[1]!);
      if (!m2.requests.includes(u)) return send(res, { message: 'No such request' }, 404);
      m2.requests = m2.requests.filter((x) => x !== u);
      if (r[2] === 'accept') m2.followers.push(u);
      return (
        send(res, { username: m2.username, state: r[2] === 'accept' ? 'accepted' : 'none', message: 'ok' }) ??
        true
      );
    }
    if (path === '/api/user/blocks')
      return (
        send(res, { results: (me()?.blocked ?? []).map((u) => ({ username: u, public: true })) }) ?? true
      );
    return false;
  }

  function movies(res: ServerResponse, method: string, url: URL, b: Record<string, unknown>): boolean {
    const path = url.pathname;
    if (/^\/api\/movies\/\d+\/friends$/.test(path)) return send(res, { results: state.friends });
    if (/^\/api\/movies\/\d+\/reviews$/.test(path)) {
      const sort = url.searchParams.get('sort') ?? 'newest';
      const list = state.reviews
        .filter((r) => !state.reported.includes(r.username))
        .sort(
          (a, b2) =>
            (sort === 'liked' ? b2.like_count - a.like_count : 0) ||
            b2.updated_at.localeCompare(a.updated_at),
        );
      return send(res, {
        page: 1,
        total_pages: 1,
        total_results: list.length,
        results: list,
        ...(init.ownRemoved !== undefined ? { own_removed: init.ownRemoved } : {}),
      });
    }
    const m = /^\/api\/movies\/\d+\/reviews\/([^/]+)\/(like|report)$/.exec(path);
    if (!m) return false;
    const review = state.reviews.find((r) => r.username === decodeURIComponent(m[1]!));
    if (!review) return send(res, { message: 'Review not found' }, 404);
    if (m[2] === 'report') {
      if (!['spam', 'abuse', 'spoilers', 'other'].includes(String(b.reason)))
        return send(res, { message: 'bad reason' }, 400);
      state.reported.push(review.username);
      return send(res, { message: 'Review reported' });
    }
    const like = method === 'PUT';
    const store = () => {
      if (review.liked !== like) review.like_count += like ? 1 : -1;
      review.liked = like;
      send(res, { liked: review.liked, like_count: review.like_count });
    };
    if (!state.likesHeld) return (store(), true);
    void state.likesHeld.then(store);
    return true;
  }

  function feed(res: ServerResponse, url: URL): boolean {
    if (url.pathname !== '/api/feed') return false;
    const start = Number(url.searchParams.get('cursor') ?? 0);
    const results = state.feed.slice(start, start + 20);
    const next = start + 20 < state.feed.length ? String(start + 20) : null;
    return send(res, { results, next_cursor: next });
  }

  const api = await startLibraryApi(
    {},
    (req: IncomingMessage, res: ServerResponse, b: Record<string, unknown>) => {
      const url = new URL(req.url!, 'http://x');
      const method = req.method!;
      if (url.pathname === '/api/profiles') {
        const q = (url.searchParams.get('q') ?? '').toLowerCase();
        const found = state.people.filter(
          (p) => p.username.toLowerCase().startsWith(q) && p.username !== state.me,
        );
        send(res, { results: found.map((p) => ({ username: p.username, public: p.public })) });
        return true;
      }
      return (
        own(res, method, url.pathname, b) ||
        ownLists(res, url.pathname) ||
        people(res, method, url.pathname, b) ||
        movies(res, method, url, b) ||
        feed(res, url)
      );
    },
  );
  return { ...api, social: state };
}
