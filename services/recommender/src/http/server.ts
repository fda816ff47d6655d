import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import {
  RecommenderQuery,
  RecommenderUserQuery,
  type RecommenderUserPick,
  type Recommendation,
  type RecommenderHealth,
  type RecommenderModelInfo,
} from '@app/contracts';
import type { ModelArtifact } from '../model/artifact';
import { rankHistory } from '../model/history-scorer';
import type { OnDemandLists } from '../train/retrain';

export interface ModelHolder {
  current(): ModelArtifact | null;
  evaluation(): unknown;
  /** Before the first model: its build's lists on demand, once they can be asked (decision 0080). */
  onDemand?(): OnDemandLists | null;
}

const json = (res: ServerResponse, status: number, body: unknown) => {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
};

/** Seconds a client is told to wait while the first model is prepared. */
export const LOADING_RETRY_AFTER_S = 3;
/** 503 while no model (nor the first build's lists) can answer, with when to ask again. */
const loading = (res: ServerResponse) => {
  res.setHeader('retry-after', String(LOADING_RETRY_AFTER_S));
  json(res, 503, { message: 'Model is loading' });
};

/** GET /recommend before the first model: the first build's list for the film (decision 0080). */
function recommendOnDemand(res: ServerResponse, lists: OnDemandLists, id: number, topN: number): void {
  lists.recommend(id, topN).then(
    (list) => (list ? json(res, 200, list) : json(res, 404, { message: `Movie ${id} is not in the model` })),
    () => loading(res), // the build did not answer in time, or ended: still preparing
  );
}

/** Largest `POST /recommend/user` body (a history of 2,000 films is about 120 KB). */
export const MAX_BODY_BYTES = 512 * 1024;

const digest = (s: string) => createHash('sha256').update(s).digest();
/** Constant-time comparison of the bearer token with the shared secret. */
function authorized(req: IncomingMessage, secret: string | null): boolean {
  const header = req.headers.authorization ?? '';
  if (!secret || !header.startsWith('Bearer ')) return false;
  return timingSafeEqual(digest(header.slice(7)), digest(secret));
}

function readBody(req: IncomingMessage): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY_BYTES) {
        resolve(null);
        req.resume();
        return;
      }
      chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/**
 * `POST /recommend/user`: a person's history → "For you" (`rankHistory`, decision 0027) from the
 * served model's collaborative neighbours (when it has collaborative data), its "more like this"
 * lists and its popular-lately prior. Internal: bearer secret, as the API's signals endpoint.
 */
async function recommendUser(
  req: IncomingMessage,
  res: ServerResponse,
  model: ModelArtifact | null,
  secret: string | null,
): Promise<void> {
  if (!authorized(req, secret)) return json(res, 401, { message: 'Unauthorized' });
  let text: string | null;
  try {
    text = await readBody(req);
  } catch {
    // The connection failed mid-body: the request itself is unreadable.
    if (!res.headersSent) json(res, 400, { message: 'Could not read the request' });
    return;
  }
  if (text === null) return json(res, 413, { message: 'Request body is too large' });
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return json(res, 400, { message: 'Body must be JSON' });
  }
  const query = RecommenderUserQuery.safeParse(body);
  if (!query.success) return json(res, 400, { message: query.error.issues[0]!.message });
  if (!model) return loading(res);
  const { items, top_n: topN, exclude } = query.data;
  const genres = model.genres ?? {};
  const picks = rankHistory(
    items.map((i) => ({
      item: i.tmdbId,
      weight: i.weight,
      ...(i.timestamp !== undefined ? { timestamp: i.timestamp } : {}),
    })),
    {
      collaborative: (id) => model.collaborative?.[id],
      content: (id) => {
        const l = model.neighbours[id];
        return l ? l.filter((_, k) => k % 2 === 0) : undefined;
      },
      trending: model.trending ?? [],
      genresOf: (id) => genres[id],
    },
    new Set(exclude),
    { limit: topN },
  );
  return json(
    res,
    200,
    picks.map((p): RecommenderUserPick => ({
      tmdbId: p.item,
      rating: model.ratings[p.item] ?? 0,
      score: Math.round(p.score * 1e6) / 1e6,
      because: p.because,
      popular: p.popular,
    })),
  );
}

/** top_n of /trending: a positive integer (the /recommend query is parsed by its contract). */
const INT = /^[1-9]\d{0,9}$/;

/**
 * The service's HTTP API, its shapes in @app/contracts (RecommenderQuery, Recommendation,
 * RecommenderHealth, RecommenderModelInfo): GET /recommend?tmdb_id&top_n → Recommendation[], from
 * precomputed neighbours; GET /trending?top_n → [{tmdbId, score, genres}]; POST /recommend/user
 * (a history → "For you", bearer secret); /health; /model. Plain
 * node:http: the answer is a slice of an array, so the framework would be the cost.
 */
export function createRecommenderServer(
  models: ModelHolder,
  opts: {
    secret?: () => string | null;
    /** Where a failure while answering is reported (the answer is a 500 `{message}`). */
    onError?: (err: unknown, what: string) => void;
  } = {},
): Server {
  const onError =
    opts.onError ??
    ((err: unknown, what: string) => console.error(`${what}:`, err instanceof Error ? err.stack : err));
  return createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://recommender');
    if (url.pathname === '/recommend/user') return postRecommendUser(req, res, models, opts.secret, onError);
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.setHeader('allow', 'GET');
      return json(res, 405, { message: `Method ${req.method} is not allowed` });
    }
    const route = GET_ROUTES.get(url.pathname);
    if (!route) return json(res, 404, { message: `Route ${url.pathname} not found` });
    return route(res, url, models.current(), models);
  });
}

/** POST /recommend/user: a history ranked into "For you" picks, for a caller with the secret. */
function postRecommendUser(
  req: IncomingMessage,
  res: ServerResponse,
  models: ModelHolder,
  readSecret: (() => string | null) | undefined,
  onError: (err: unknown, what: string) => void,
): void {
  if (req.method !== 'POST') {
    res.setHeader('allow', 'POST');
    return json(res, 405, { message: `Method ${req.method} is not allowed` });
  }
  let secret: string | null = null;
  try {
    secret = readSecret?.() ?? null;
  } catch {
    secret = null; // no secret readable: nothing is authorized
  }
  recommendUser(req, res, models.current(), secret).catch((err: unknown) => {
    // Bad input is answered inside (400/413); anything else is the service's own failure.
    onError(err, 'POST /recommend/user failed');
    if (!res.headersSent) json(res, 500, { message: 'Could not rank this history' });
    else res.destroy();
  });
}

type GetRoute = (res: ServerResponse, url: URL, model: ModelArtifact | null, models: ModelHolder) => void;

/** The GET (and HEAD) routes by path. */
const GET_ROUTES = new Map<string, GetRoute>([
  [
    '/health',
    (res, _url, model) =>
      model
        ? json(res, 200, { status: 'ok', model: model.version } satisfies RecommenderHealth)
        : loading(res),
  ],
  [
    '/model',
    (res, _url, model, models) => {
      if (!model) return loading(res);
      return json(res, 200, {
        algorithm: model.algorithm,
        version: model.version,
        trained_at: model.trained_at,
        items: model.items,
        sources: model.sources,
        params: model.params,
        evaluation: models.evaluation() ?? null,
      } satisfies RecommenderModelInfo);
    },
  ],
  ['/recommend', getRecommend],
  ['/trending', getTrending],
]);

/** GET /recommend?tmdb_id&top_n: the film's precomputed neighbours (its first build's list before a model). */
function getRecommend(res: ServerResponse, url: URL, model: ModelArtifact | null, models: ModelHolder): void {
  const query = RecommenderQuery.safeParse({
    tmdb_id: url.searchParams.get('tmdb_id') ?? undefined,
    top_n: url.searchParams.get('top_n') ?? undefined,
  });
  if (!query.success) return json(res, 400, { message: query.error.issues[0]!.message });
  const { tmdb_id: id, top_n: n } = query.data;
  const topN = Number(n);
  if (!model) {
    const lists = models.onDemand?.() ?? null;
    return lists ? recommendOnDemand(res, lists, Number(id), topN) : loading(res);
  }
  const list = model.neighbours[id];
  if (!list) return json(res, 404, { message: `Movie ${id} is not in the model` });
  const out: Recommendation[] = [];
  for (let k = 0; k < list.length && out.length < topN; k += 2) {
    const tmdbId = list[k]!;
    out.push({ tmdbId, rating: model.ratings[tmdbId] ?? 0, score: list[k + 1]! });
  }
  return json(res, 200, out);
}

/** GET /trending?top_n: "For you"'s popular-lately prior: [{tmdbId, score (0, 1], genres}], best first. */
function getTrending(res: ServerResponse, url: URL, model: ModelArtifact | null): void {
  const n = url.searchParams.get('top_n') ?? '100';
  if (!INT.test(n) || Number(n) > 200)
    return json(res, 400, { message: 'top_n must be an integer from 1 to 200' });
  if (!model) return loading(res);
  return json(
    res,
    200,
    (model.trending ?? [])
      .slice(0, Number(n))
      .map((t) => ({ tmdbId: t.item, score: t.score, genres: t.genres })),
  );
}
