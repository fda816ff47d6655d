import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { mkdtempSync, rmSync } from 'node:fs';
import { afterAll, beforeAll } from 'vitest';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config/env';
import type { Database } from '../../src/db/database';
import type { MovieSource } from '../../src/modules/catalog/movie-source';
import type { ChatLimits } from '../../src/modules/chat/chat.routes';
import { OfflineMovieSource } from '../../src/modules/catalog/offline-movie-source';
import { createIdentity } from '../../src/modules/identity/identity';
import type { AuthRateLimits } from '../../src/modules/identity/identity.routes';
import { startSmtpCapture } from '../fixtures/smtp-capture';
import { fullCatalog } from './catalog';
import { freshPglite } from './db';
import { cookieHeader, storeCookies } from './cookies';
import { freePort } from './process';

export type Smtp = Awaited<ReturnType<typeof startSmtpCapture>>;

/** A browser-like HTTP client: keeps cookies, sends JSON. */
export class Client {
  cookies = new Map<string, string>();
  constructor(readonly base: string) {}

  async request(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const res = await fetch(new URL(path, this.base), {
      method,
      redirect: 'manual',
      headers: {
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(this.cookies.size ? { cookie: cookieHeader(this.cookies)! } : {}),
        origin: this.base,
        ...headers,
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    storeCookies(this.cookies, res);
    const text = await res.text();
    let json: any; // eslint-disable-line @typescript-eslint/no-explicit-any
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = text;
    }
    return { status: res.status, body: json, headers: res.headers };
  }
  get = (path: string, headers?: Record<string, string>) => this.request('GET', path, undefined, headers);
  post = (path: string, body: unknown, headers?: Record<string, string>) =>
    this.request('POST', path, body, headers);
  del = (path: string, headers?: Record<string, string>) => this.request('DELETE', path, undefined, headers);
}

export interface AuthStack {
  app: FastifyInstance;
  base: string;
  smtp: Smtp;
  db: Database;
  dataDir: string;
  client(): Client;
  /** Registers, verifies through the mailed link and signs in; returns a client with an ID token. */
  verifiedUser(
    name: string,
    email: string,
    password?: string,
  ): Promise<{ client: Client; token: string; bearer: Record<string, string> }>;
  close(): Promise<void>;
}

type AuthStackOptions = Parameters<typeof buildAuthStack>[0];

/**
 * An app with identity, mail capture and the catalog, listening. The port is chosen before the app
 * is built (its URLs name it); another process can take it in the seconds that takes on a busy
 * machine (seen once: EADDRINUSE while the browser suite ran beside), so a taken port means a new
 * port and a new stack, up to three times, unless the caller chose the port.
 */
export async function startAuthStack(opts: AuthStackOptions = {}): Promise<AuthStack> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await buildAuthStack(opts);
    } catch (e) {
      const taken = (e as NodeJS.ErrnoException).code === 'EADDRINUSE';
      if (!taken || opts.port !== undefined || attempt >= 3) throw e;
    }
  }
}

async function buildAuthStack(
  opts: {
    db?: Database;
    source?: MovieSource;
    env?: Record<string, string>;
    limits?: AuthRateLimits;
    smtp?: Smtp;
    dataDir?: string;
    port?: number;
    /** Capture the log (the app's and the mailer's) at this level; silent otherwise. */
    log?: { stream: { write(line: string): void }; level: string };
    chatLimits?: ChatLimits;
    /** The public origin (default: the stack's own http://127.0.0.1:port). */
    baseURL?: (port: number) => string;
    /** Origins mailed links may use when a request came in there. */
    linkOrigins?: (port: number) => string[];
  } = {},
): Promise<AuthStack> {
  const smtp = opts.smtp ?? (await startSmtpCapture());
  const dataDir = opts.dataDir ?? mkdtempSync(join(tmpdir(), 'auth-data-'));
  const port = opts.port ?? (await freePort());
  const base = `http://127.0.0.1:${port}`;
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    SMTP_URL: smtp.url,
    PUBLIC_URL: base,
    ...opts.env,
  });
  const db = opts.db ?? (await freshPglite());
  const catalog = opts.source ? undefined : await fullCatalog();
  const source = opts.source ?? new OfflineMovieSource(catalog!);
  const logRef: { current?: FastifyBaseLogger } = {};
  const mailLog = opts.log
    ? {
        info: (o: object, m: string) => logRef.current?.info(o, m),
        error: (o: object, m: string) => logRef.current?.error(o, m),
      }
    : { info() {}, error() {} };
  const identity = createIdentity({
    config,
    database: db,
    log: mailLog,
    baseURL: opts.baseURL?.(port) ?? base,
    linkOrigins: opts.linkOrigins?.(port) ?? [],
    limits: opts.limits ?? { perIp: 1000, perAccount: 1000, windowSeconds: 60 },
  });
  const app = await buildApp({
    config,
    db,
    source,
    catalog,
    identity,
    logLevel: opts.log?.level ?? 'silent',
    ...(opts.log ? { logStream: opts.log.stream } : {}),
    ...(opts.chatLimits ? { chatLimits: opts.chatLimits } : {}),
  });
  logRef.current = app.log;
  try {
    await app.listen({ port, host: '127.0.0.1' });
  } catch (e) {
    await app.close();
    if (!opts.db) await db.close();
    if (!opts.smtp) await smtp.close();
    throw e;
  }

  const stack: AuthStack = {
    app,
    base,
    smtp,
    db,
    dataDir,
    client: () => new Client(base),
    async verifiedUser(name, email, password = 'secret123') {
      const client = new Client(base);
      const up = await client.post('/api/auth/sign-up/email', { name, email, password });
      if (up.status !== 200) throw new Error(`sign-up failed: ${JSON.stringify(up.body)}`);
      await client.post('/api/auth/send-verification-email', { email, callbackURL: '/login' });
      await client.get(smtp.linkFor(email));
      const signIn = await client.post('/api/auth/sign-in/email', { email, password });
      if (signIn.status !== 200) throw new Error(`sign-in failed: ${JSON.stringify(signIn.body)}`);
      const token = (await client.get('/api/auth/token')).body.token as string;
      return { client, token, bearer: { authorization: `Bearer ${token}` } };
    },
    async close() {
      await app.close();
      if (!opts.db) await db.close();
      if (!opts.smtp) await smtp.close();
      if (!opts.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return stack;
}

/** A signed-in test user: a browser-like client and the bearer header of its ID token. */
export interface TestUser {
  client: Client;
  bearer: Record<string, string>;
}

/** Requests as `u`: the user's ID token on each. */
export const as = (u: TestUser) => ({
  get: (p: string) => u.client.get(p, u.bearer),
  post: (p: string, body: unknown) => u.client.post(p, body, u.bearer),
  put: (p: string, body: unknown) => u.client.request('PUT', p, body, u.bearer),
  patch: (p: string, body: unknown) => u.client.request('PATCH', p, body, u.bearer),
  del: (p: string) => u.client.del(p, u.bearer),
});

/**
 * A suite's stack on a database of its own with two verified users, Alice and Bob: started before
 * the suite's tests (its hooks are registered here), closed after them. The fields are set once
 * the suite starts, so read them inside tests and hooks.
 */
export function usersSuite(
  open: () => Promise<Database>,
  opts: { env?: Record<string, string>; aliceName?: string } = {},
): { db: Database; s: AuthStack; alice: TestUser; bob: TestUser } {
  const t = {} as { db: Database; s: AuthStack; alice: TestUser; bob: TestUser };
  beforeAll(async () => {
    t.db = await open();
    t.s = await startAuthStack({ db: t.db, ...(opts.env ? { env: opts.env } : {}) });
    t.alice = await t.s.verifiedUser(opts.aliceName ?? 'Alice', 'alice@example.com');
    t.bob = await t.s.verifiedUser('Bob', 'bob@example.com');
  }, 120_000);
  afterAll(async () => {
    await t.s?.close();
    await t.db?.close();
  });
  return t;
}
