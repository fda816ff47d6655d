import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
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

const INT = /^[1-9]\d{0,9}$/;

/**
 * GET /recommend?tmdb_id&top_n → [{tmdbId, rating, score}], from precomputed neighbours; /health;
 * /model. Plain node:http: the answer is a slice of an array, so the framework would be the cost.
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
          ? json(res, 200, { status: 'ok', model: model.version })
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
        });
      case '/recommend': {
        const id = url.searchParams.get('tmdb_id');
        const n = url.searchParams.get('top_n') ?? '10';
        if (!id || !INT.test(id)) return json(res, 400, { message: 'tmdb_id must be a positive integer' });
        if (!INT.test(n) || Number(n) > 50)
          return json(res, 400, { message: 'top_n must be an integer from 1 to 50' });
        if (!model) return json(res, 503, { message: 'Model is loading' });
        const list = model.neighbours[id];
        if (!list) return json(res, 404, { message: `Movie ${id} is not in the model` });
        const topN = Number(n);
        const out: { tmdbId: number; rating: number; score: number }[] = [];
        for (let k = 0; k < list.length && out.length < topN; k += 2) {
          const tmdbId = list[k]!;
          out.push({ tmdbId, rating: model.ratings[tmdbId] ?? 0, score: list[k + 1]! });
        }
        return json(res, 200, out);
      }
      default:
        return json(res, 404, { message: `Route ${url.pathname} not found` });
    }
  });
}
