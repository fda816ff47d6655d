// A stand-in recommendation service for the API's benches (scripts/bench/ab-bare.ts
// --fake-recommender): answers `/recommend?tmdb_id&top_n` with the catalog's most voted films
// (the seed left out) and `/health` 200, in the service's shape. The API keeps each list for
// RECOMMEND_CACHE_SECONDS, so what is measured is the API's own work per request (hydrating,
// serializing, compressing), not the model's. Usage: node fake-recommender.mjs CATALOG_JSON PORT
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const [file, port] = process.argv.slice(2);
const { movies } = JSON.parse(readFileSync(file, 'utf8'));
const popular = movies
  .sort((a, b) => b.vote_count - a.vote_count)
  .slice(0, 60)
  .map((m) => m.id);
createServer((req, res) => {
  const url = new URL(req.url, 'http://x');
  res.setHeader('content-type', 'application/json');
  if (url.pathname === '/health') return res.end('{"status":"ok"}');
  if (url.pathname !== '/recommend') return res.writeHead(404).end('{"message":"not found"}');
  const seed = Number(url.searchParams.get('tmdb_id'));
  const n = Number(url.searchParams.get('top_n') ?? 10);
  const list = popular.filter((id) => id !== seed).slice(0, n);
  res.end(JSON.stringify(list.map((tmdbId, i) => ({ tmdbId, rating: 4, score: 1 - i / 100 }))));
}).listen(Number(port), '127.0.0.1', () => process.send?.('ready'));
