import type { IncomingMessage, ServerResponse } from 'node:http';
import { json, siteConfig, startApiFixture } from './render';

/** A session's user as Better Auth's get-session answers it. */
export const SESSION_USER = { id: 'u1', name: 'Eve', email: 'eve@example.com', emailVerified: true };

const b64 = (o: object) => btoa(JSON.stringify(o)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
/** An unsigned token whose only use here is its expiry (the stand-in API does not verify it). */
const FAKE_TOKEN = `${b64({ alg: 'none' })}.${b64({ exp: Math.floor(Date.now() / 1000) + 3600 })}.x`;

interface Entry {
  tmdb_id: number;
  status: 'watched' | 'want_to_watch';
}
interface List {
  playlist_id: number;
  name: string;
  movies: number[];
}

const movie = (id: number) => ({
  tmdb_id: id,
  id,
  movie_id: id,
  title: `Movie ${id}`,
  overview: '',
  poster_path: null,
  vote_average: 7,
});

type Call = {
  url: URL;
  path: string;
  method: string;
  b: Record<string, unknown>;
  res: ServerResponse;
};

/** Answers with `json` and says it did. */
const answer = (...args: Parameters<typeof json>): boolean => {
  json(...args);
  return true;
};

async function body(req: IncomingMessage): Promise<Record<string, unknown>> {
  // Only JSON is read here: any other body (an upload) is left for the `extra` handler to read.
  if (!String(req.headers['content-type'] ?? '').startsWith('application/json')) return {};
  let text = '';
  for await (const chunk of req) text += chunk;
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

/**
 * A real local HTTP server standing in for our API, with the library in memory and a signed-in
 * session, answering as the API does (routes, bodies, statuses, messages). `calls` records
 * "METHOD path" of every library and account write, in order.
 */
export async function startLibraryApi(
  init: { watch?: Entry[]; playlists?: List[]; signedIn?: boolean } = {},
  extra?: (req: IncomingMessage, res: ServerResponse, b: Record<string, unknown>) => boolean,
) {
  const state = {
    signedIn: init.signedIn ?? true,
    user: { ...SESSION_USER },
    watch: [...(init.watch ?? [])],
    playlists: (init.playlists ?? []).map((p) => ({ ...p, movies: [...p.movies] })),
    calls: [] as string[],
  };
  /** watchRoutes: true when it answered. */
  function watchRoutes(c: Call): boolean {
    const { url, path, method, b, res } = c;
    if (path === '/api/user/watch-status' && method === 'GET')
      return answer(
        res,
        state.watch.map((e) => ({ ...movie(e.tmdb_id), status: e.status, updated_at: '' })),
      );
    if (path === '/api/user/watch-status' && method === 'POST') {
      const e = { tmdb_id: b.tmdb_id as number, status: b.status as Entry['status'] };
      if (!state.watch.some((w) => w.tmdb_id === e.tmdb_id && w.status === e.status)) state.watch.push(e);
      return answer(res, { message: 'Watch status updated', ...e });
    }
    const m = /^\/api\/user\/watch-status\/(\d+)$/.exec(path);
    if (m && method === 'DELETE') {
      const id = Number(m[1]);
      const status = url.searchParams.get('status');
      const before = state.watch.length;
      state.watch = state.watch.filter((w) => !(w.tmdb_id === id && (!status || w.status === status)));
      if (state.watch.length === before) return answer(res, { message: 'Movie has no watch status' }, 404);
      return answer(res, { message: 'Watch status cleared' });
    }
    return false;
  }
  /** playlistRoutes: true when it answered. */
  function playlistRoutes(c: Call): boolean {
    const { url, path, method, b, res } = c;
    if (path === '/api/user/playlists' && method === 'GET') {
      const id = url.searchParams.get('tmdb_id');
      return answer(
        res,
        state.playlists.map((p) => ({
          playlist_id: p.playlist_id,
          name: p.name,
          created_at: '',
          movie_count: p.movies.length,
          ...(id ? { contains_movie: p.movies.includes(Number(id)) } : {}),
        })),
      );
    }
    if (path === '/api/user/playlists' && method === 'POST') {
      const p = { playlist_id: state.playlists.length + 100, name: String(b.name).trim(), movies: [] };
      state.playlists.push(p);
      return answer(res, { playlist_id: p.playlist_id, name: p.name, created_at: '' }, 201);
    }
    const m = /^\/api\/user\/playlists\/(\d+)(\/movies)?(?:\/(\d+))?$/.exec(path);
    if (m) {
      const p = state.playlists.find((x) => x.playlist_id === Number(m![1]));
      if (!p) return answer(res, { message: 'Playlist not found' }, 404);
      if (!m[2] && method === 'DELETE') {
        state.playlists = state.playlists.filter((x) => x !== p);
        return answer(res, { message: 'Playlist deleted' });
      }
      if (!m[2] && method === 'PATCH') {
        p.name = String(b.name).trim();
        return answer(res, {
          message: 'Playlist renamed',
          playlist_id: p.playlist_id,
          name: p.name,
          created_at: '',
        });
      }
      if (m[2] && method === 'GET')
        return answer(
          res,
          p.movies.map((id) => ({ ...movie(id), added_at: '' })),
        );
      if (m[2] && method === 'POST') {
        if (p.movies.includes(b.tmdb_id as number))
          return answer(res, { message: 'Movie already in playlist' }, 409);
        p.movies.push(b.tmdb_id as number);
        return answer(res, { message: 'Movie added to playlist' }, 201);
      }
      if (m[3] && method === 'DELETE') {
        const id = Number(m[3]);
        if (!p.movies.includes(id)) return answer(res, { message: 'Movie not in playlist' }, 404);
        p.movies = p.movies.filter((x) => x !== id);
        return answer(res, { message: 'Movie removed from playlist' });
      }
    }
    return false;
  }
  const fixture = await startApiFixture(async (req, res) => {
    const url = new URL(req.url!, 'http://x');
    const path = url.pathname;
    const method = req.method!;
    const b = method === 'GET' ? {} : await body(req);
    if (method !== 'GET') state.calls.push(`${method} ${path}${url.search}`);
    if (extra?.(req, res, b)) return;
    const c: Call = { url, path, method, b, res };
    if (watchRoutes(c) || playlistRoutes(c)) return;
    if (path === '/api/config') return json(res, siteConfig());
    if (path === '/api/auth/get-session')
      return json(res, state.signedIn ? { user: state.user, session: {} } : null);
    if (path === '/api/auth/token') return json(res, { token: FAKE_TOKEN });
    if (path === '/api/auth/sign-out') {
      state.signedIn = false;
      return json(res, { success: true });
    }
    if (path.startsWith('/api/user/')) return json(res, []);
    return json(res, null);
  });
  return { ...fixture, state };
}
