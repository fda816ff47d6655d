import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import {
  RecommenderQuery,
  type Recommendation,
  type RecommenderHealth,
  type RecommenderModelInfo,
} from '@app/contracts';
import type { ModelArtifact } from '../model/artifact';

export interface ModelHolder {
  current(): ModelArtifact | null;
  evaluation(): unknown;
}

const json = (res: ServerResponse, status: number, body: unknown) => {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
};

/** top_n of /trending: a positive integer (the /recommend query is parsed by its contract). */
const INT = /^[1-9]\d{0,9}$/;

/**
 * The service's HTTP API, its shapes in @app/contracts (RecommenderQuery, Recommendation,
 * RecommenderHealth, RecommenderModelInfo): GET /recommend?tmdb_id&top_n → Recommendation[], from
 * precomputed neighbours; GET /trending?top_n → [{tmdbId, score, genres}]; /health; /model. Plain
 * node:http: the answer is a slice of an array, so the framework would be the cost.
 */
export function createRecommenderServer(models: ModelHolder): Server {
  return createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://recommender');
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.setHeader('allow', 'GET');
      return json(res, 405, { message: `Method ${req.method} is not allowed` });
    }
    const model = models.current();
    switch (url.pathname) {
      case '/health':
        return model
          ? json(res, 200, { status: 'ok', model: model.version } satisfies RecommenderHealth)
          : json(res, 503, { message: 'Model is loading' });
      case '/model':
        if (!model) return json(res, 503, { message: 'Model is loading' });
        return json(res, 200, {
          algorithm: model.algorithm,
          version: model.version,
          trained_at: model.trained_at,
          items: model.items,
          sources: model.sources,
          params: model.params,
          evaluation: models.evaluation() ?? null,
        } satisfies RecommenderModelInfo);
      case '/recommend': {
        const query = RecommenderQuery.safeParse({
          tmdb_id: url.searchParams.get('tmdb_id') ?? undefined,
          top_n: url.searchParams.get('top_n') ?? undefined,
        });
        if (!query.success) return json(res, 400, { message: query.error.issues[0]!.message });
        const { tmdb_id: id, top_n: n } = query.data;
        if (!model) return json(res, 503, { message: 'Model is loading' });
        const list = model.neighbours[id];
        if (!list) return json(res, 404, { message: `Movie ${id} is not in the model` });
        const topN = Number(n);
        const out: Recommendation[] = [];
        for (let k = 0; k < list.length && out.length < topN; k += 2) {
          const tmdbId = list[k]!;
          out.push({ tmdbId, rating: model.ratings[tmdbId] ?? 0, score: list[k + 1]! });
        }
        return json(res, 200, out);
      }
      case '/trending': {
        // "For you"'s popular-lately prior: [{tmdbId, score (0, 1], genres}], best first.
        const n = url.searchParams.get('top_n') ?? '100';
        if (!INT.test(n) || Number(n) > 200)
          return json(res, 400, { message: 'top_n must be an integer from 1 to 200' });
        if (!model) return json(res, 503, { message: 'Model is loading' });
        return json(
          res,
          200,
          (model.trending ?? [])
            .slice(0, Number(n))
            .map((t) => ({ tmdbId: t.item, score: t.score, genres: t.genres })),
        );
      }
      default:
        return json(res, 404, { message: `Route ${url.pathname} not found` });
    }
  });
}
