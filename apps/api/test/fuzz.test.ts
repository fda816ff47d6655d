import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TmdbClient } from '../src/integrations/tmdb/tmdb-client';
import { TmdbMovieSource } from '../src/integrations/tmdb/tmdb-movie-source';
import { BODY_LIMIT } from '../src/lib/request-guards';
import { FIXTURE_TOKEN, startTmdbFixture, type TmdbFixture } from './fixtures/tmdb-fixture-server';
import { createTestApp, type TestApp } from './helpers/app';
import { startAuthStack, type AuthStack } from './helpers/auth-stack';

/**
 * Property-based fuzzing of every route in the OpenAPI document, the account routes and every
 * /api/tmdb path (offline and live): whatever a client sends, the answer is below 500, an error is
 * `{message}` with no stack trace, and nothing hangs. Fixed seed and bounded runs keep it to seconds.
 */
const SEED = 20261122;
const RUNS_PER_ROUTE = 40;
const HANG_MS = 5_000;

interface Operation {
  method: string;
  /** OpenAPI path, e.g. /api/user/playlists/{id}/movies */
  path: string;
  query: string[];
  body: string[];
  auth: boolean;
}

/** The operations of the OpenAPI document, with their query parameters and body fields. */
async function operationsOf(app: FastifyInstance): Promise<Operation[]> {
  // The document without Better Auth's paths (the docs UI's copy; those are listed below).
  const doc = (await app.inject({ url: '/api/docs/json' })).json() as {
    paths: Record<
      string,
      Record<
        string,
        {
          parameters?: { in: string; name: string }[];
          requestBody?: { content?: Record<string, { schema?: { properties?: object } }> };
          security?: unknown[];
        }
      >
    >;
  };
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({
      method: method.toUpperCase(),
      path,
      query: (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
      body: Object.keys(op.requestBody?.content?.['application/json']?.schema?.properties ?? {}),
      auth: Boolean(op.security?.length),
    })),
  );
}

/** Better Auth's routes the site uses (hidden from the OpenAPI document). */
const AUTH_OPERATIONS: Operation[] = [
  ['POST', '/api/auth/sign-up/email', ['name', 'email', 'password', 'callbackURL']],
  ['POST', '/api/auth/sign-in/email', ['email', 'password', 'rememberMe']],
  ['POST', '/api/auth/send-verification-email', ['email', 'callbackURL']],
  ['POST', '/api/auth/request-password-reset', ['email', 'redirectTo']],
  ['POST', '/api/auth/reset-password', ['token', 'newPassword']],
  ['POST', '/api/auth/update-user', ['name', 'image']],
  ['POST', '/api/auth/sign-in/social', ['provider', 'callbackURL', 'errorCallbackURL', 'disableRedirect']],
  ['POST', '/api/auth/sign-out', []],
  ['GET', '/api/auth/verify-email', []],
  ['GET', '/api/auth/reset-password/{token}', []],
  ['GET', '/api/auth/get-session', []],
  ['GET', '/api/auth/token', []],
].map(([method, path, body]) => ({
  method: method as string,
  path: path as string,
  query: path === '/api/auth/verify-email' ? ['token', 'callbackURL'] : ['callbackURL'],
  body: body as string[],
  auth: false,
}));

// ---- what a hostile or broken client sends ----

const hugeString = fc.integer({ min: 1_000, max: 20_000 }).map((n) => 'é'.repeat(n));
const nasty = fc.constantFrom(
  '\u0000',
  'a\u0000b',
  '\ud800',
  '\udfff lone',
  '🎬',
  '\u202e\u200b',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '%00',
  '%',
  '{}',
  '__proto__',
  'constructor',
);
/** A string a field could hold: any unicode, NUL, huge, or hostile. */
const text = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  nasty,
  hugeString,
);
const number = fc.oneof(
  fc.integer(),
  fc.constantFrom(-1, 0, 1, 2 ** 31, 2 ** 53, -(2 ** 53), Number.MAX_SAFE_INTEGER + 2, 1e308),
  fc.double(),
);
/** A value of a JSON field: wrong types included. */
const value: fc.Arbitrary<unknown> = fc.oneof(
  text,
  number,
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.oneof(text, number), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.oneof(text, number), { maxKeys: 3 }),
);
/** A path segment or query value, as it appears in a URL. */
const urlPart = fc.oneof(
  number.map((n) => String(n)),
  text.map((s) => encodeURIComponent(s.replace(/[\ud800-\udfff]/g, ''))),
  fc.constantFrom(
    '%00',
    '%zz',
    '%',
    '%ED%A0%80',
    '%2F..%2F',
    'x'.repeat(300),
    '-1',
    '0',
    '1e9',
    '0x10',
    ' 1',
  ),
);

const deepJson = fc
  .tuple(fc.integer({ min: 33, max: 20_000 }), fc.constantFrom('[', '{"a":'))
  .map(([depth, open]) =>
    open === '[' ? '['.repeat(depth) + ']'.repeat(depth) : open.repeat(depth) + '1' + '}'.repeat(depth),
  );

/** A body: right fields with wrong values, any JSON, malformed, deep, oversized or not JSON at all. */
function bodyFor(op: Operation): fc.Arbitrary<{ payload: string; type: string | undefined }> {
  const shaped = op.body.length
    ? fc.record(Object.fromEntries(op.body.map((k) => [k, value])), { requiredKeys: [] })
    : fc.constant({});
  const json = fc.oneof(
    { weight: 4, arbitrary: shaped.map((v) => JSON.stringify(v)) },
    { weight: 1, arbitrary: fc.json({ maxDepth: 4 }) },
    { weight: 1, arbitrary: deepJson },
    { weight: 1, arbitrary: fc.string({ maxLength: 30 }) }, // mostly malformed JSON
    { weight: 1, arbitrary: fc.constant('x'.repeat(BODY_LIMIT + 1)) },
    { weight: 1, arbitrary: fc.constantFrom('', 'null', '[]', '"str"', '1', '{"__proto__":{"x":1}}') },
  );
  const type = fc.oneof(
    { weight: 6, arbitrary: fc.constant('application/json') },
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        undefined,
        'application/json; charset=utf-8',
        'text/plain',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=x',
        'application/xml',
        'application/octet-stream',
        'application/json; charset=utf-16',
      ),
    },
  );
  return fc.record({ payload: json, type });
}

interface Sent {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
}

function requestFor(op: Operation, bearer: string): fc.Arbitrary<Sent> {
  const params = op.path.match(/\{[^}]+\}/g) ?? [];
  return fc
    .record({
      segments: fc.tuple(...params.map(() => urlPart)),
      query: fc.dictionary(
        fc.oneof(fc.constantFrom(...op.query, 'page', 'x'), fc.string({ maxLength: 6 })),
        urlPart,
        { maxKeys: 4 },
      ),
      body: bodyFor(op),
      authorization: fc.constantFrom(
        `Bearer ${bearer}`,
        `Bearer ${bearer}`,
        undefined,
        'Bearer x.y.z',
        'Basic Og==',
      ),
      ip: fc.ipV4(),
      method: fc.oneof(
        { weight: 9, arbitrary: fc.constant(op.method) },
        fc.constantFrom('GET', 'POST', 'DELETE', 'PUT'),
      ),
    })
    .map(({ segments, query, body, authorization, ip, method }) => {
      let i = 0;
      const path = op.path.replace(/\{[^}]+\}/g, () => segments[i++]!);
      const qs = Object.entries(query)
        .map(([k, v]) => `${encodeURIComponent(k)}=${v}`)
        .join('&');
      const hasBody = method !== 'GET';
      return {
        method,
        url: qs ? `${path}?${qs}` : path,
        headers: {
          'x-forwarded-for': ip,
          ...(authorization ? { authorization } : {}),
          ...(hasBody && body.type ? { 'content-type': body.type } : {}),
        },
        ...(hasBody ? { payload: body.payload } : {}),
      };
    });
}

/** Sends one request and checks the answer; throws (with the request) when the property fails. */
async function check(app: FastifyInstance, sent: Sent): Promise<void> {
  const res = await Promise.race([
    app.inject({ method: sent.method as 'GET', url: sent.url, headers: sent.headers, payload: sent.payload }),
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`hung for ${HANG_MS} ms`)), HANG_MS)),
  ]);
  const where = `${sent.method} ${sent.url.slice(0, 200)} → ${res.statusCode} ${res.body.slice(0, 300)}`;
  expect(res.statusCode, where).toBeLessThan(500);
  expect(res.body, where).not.toMatch(/\n\s+at |node_modules|\.[jt]s:\d+:\d+/);
  if (res.statusCode >= 400) {
    expect(res.headers['content-type'], where).toMatch(/^application\/json/);
    expect(typeof (JSON.parse(res.body) as { message?: unknown } | null)?.message, where).toBe('string');
  }
}

async function fuzz(app: FastifyInstance, op: Operation, bearer: string, runs = RUNS_PER_ROUTE) {
  await fc.assert(
    fc.asyncProperty(requestFor(op, bearer), (sent) => check(app, sent)),
    { seed: SEED, numRuns: runs, endOnFailure: true },
  );
}

let s: AuthStack;
let recommender: Server;
let bearer: string;
let operations: Operation[];

beforeAll(async () => {
  // A stand-in recommendation service at the network edge: answers any id.
  recommender = createServer((req, res) => {
    const n = Math.min(50, Number(new URL(req.url!, 'http://x').searchParams.get('top_n')) || 10);
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(Array.from({ length: n }, (_, i) => ({ tmdbId: 155 + i, rating: 7, score: 1 }))));
  });
  await new Promise<void>((r) => recommender.listen(0, '127.0.0.1', r));
  s = await startAuthStack({
    env: { RECOMMENDER_URL: `http://127.0.0.1:${(recommender.address() as AddressInfo).port}` },
    chatLimits: { perIpPerMinute: 10_000, perUserPerMinute: 10_000 },
  });
  ({ token: bearer } = await s.verifiedUser('Fuzz', 'fuzz@example.com'));
  operations = await operationsOf(s.app);
});
afterAll(async () => {
  await s.close();
  await new Promise<void>((r) => recommender.close(() => r()));
});

describe('fuzzing every route: only 4xx with {message}, never a 5xx, a stack trace or a hang', () => {
  it('the OpenAPI document lists the user, catalog, chat and system routes', () => {
    const paths = new Set(operations.map((o) => `${o.method} ${o.path}`));
    for (const expected of [
      'POST /api/user/playlists',
      'POST /api/user/playlists/{id}/movies',
      'DELETE /api/user/likes/{tmdb_id}',
      'POST /api/user/watch-status',
      'GET /api/tmdb/movie/{id}',
      'GET /api/tmdb/search/movie',
      'GET /api/tmdb/person/{id}/movie_credits',
      'POST /api/chat/send',
      'GET /api/recommend',
    ]) {
      expect(paths).toContain(expected);
    }
  });

  it('every OpenAPI operation', async () => {
    for (const op of operations) await fuzz(s.app, op, bearer);
  });

  it('the account routes', async () => {
    for (const op of AUTH_OPERATIONS) await fuzz(s.app, op, bearer);
  });

  it('the site is still up and working afterwards', async () => {
    expect((await s.app.inject({ url: '/api/health' })).statusCode).toBe(200);
    const res = await s.app.inject({
      url: '/api/user/likes',
      headers: { authorization: `Bearer ${bearer}` },
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('fuzzing /api/tmdb in live mode (a local TMDB stand-in)', () => {
  let fixture: TmdbFixture;
  let live: TestApp;
  beforeAll(async () => {
    fixture = await startTmdbFixture();
    live = await createTestApp({
      source: new TmdbMovieSource(new TmdbClient({ baseUrl: fixture.url, accessToken: FIXTURE_TOKEN })),
    });
  });
  afterAll(async () => {
    await live?.close();
    await fixture?.close();
  });

  it('every /api/tmdb path', async () => {
    const tmdb = (await operationsOf(live.app)).filter((o) => o.path.startsWith('/api/tmdb/'));
    expect(tmdb.length).toBeGreaterThanOrEqual(9);
    for (const op of tmdb) await fuzz(live.app, op, bearer, 25);
  });
});
