import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RouteManifest } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { newSlug } from './sharing.service';

const INDEX = `<!doctype html><html><head><meta name="description" content="Discover movies." /><title>Cinelog — discover movies</title><script type="module" src="/assets/index-1.js"></script></head><body><div id="root"></div></body></html>`;
// The route manifest the web build writes (app/routes.ts + app/route-preloads.ts).
const MANIFEST: RouteManifest = {
  shellData: ['/api/config'],
  routes: [
    { path: '/p/:slug', modules: ['assets/public-playlist-1.js'], data: ['/api/public/playlists/:slug'] },
    { path: '*', modules: [], data: [] },
  ],
};

let dist: string;
let t: TestApp;
const slug = newSlug();

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'web-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), INDEX);
  writeFileSync(join(dist, 'route-manifest.json'), JSON.stringify(MANIFEST));
  writeFileSync(join(dist, 'assets/index-1.js'), 'export {};\n');
  t = await createTestApp({ webDist: dist });
  const db = t.db.db;
  await db
    .insertInto('user')
    .values({
      id: 'u-share',
      name: 'Ida "Lists" <Importer>',
      email: 'ida@example.com',
      emailVerified: true,
      image: null,
    })
    .execute();
  await db
    .insertInto('movies')
    .values(
      [949, 155].map((id, i) => ({
        tmdb_id: id,
        title: i === 0 ? 'Heat' : 'The Dark Knight',
        overview: '',
        poster_path: `/poster-${id}.svg`,
        backdrop_path: null,
        release_date: null,
        vote_average: 8,
      })),
    )
    .execute();
  const p = await db
    .insertInto('playlists')
    .values({ user_id: 'u-share', name: 'Heists & Capers', public_slug: slug })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('playlist_movies')
    .values([
      { playlist_id: p.id, tmdb_id: 155 },
      { playlist_id: p.id, tmdb_id: 949 },
    ])
    .execute();
}, 120_000);
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('a public playlist’s page', () => {
  it('carries its name, owner, films and first poster as sharing tags, and preloads its chunk and data', async () => {
    const res = await t.app.inject({ url: `/p/${slug}`, headers: { host: 'cinelog.test' } });
    expect(res.statusCode).toBe(200);
    const head = res.body.slice(0, res.body.indexOf('</head>'));
    expect(head).toContain('<title>Heists &amp; Capers · Cinelog</title>');
    expect(head).toContain('<meta property="og:title" content="Heists &amp; Capers · Cinelog" />');
    expect(head).toMatch(
      /<meta property="og:description" content="2 films · a list by Ida &quot;Lists&quot; &lt;Importer&gt;: (Heat, The Dark Knight|The Dark Knight, Heat)" \/>/,
    );
    expect(head).toMatch(
      /<meta property="og:image" content="http:\/\/cinelog.test\/api\/images\/w500\/poster-(949|155).svg" \/>/,
    );
    expect(head).toContain(`<meta property="og:url" content="http://cinelog.test/p/${slug}" />`);
    expect(head).toContain('href="/assets/public-playlist-1.js"');
    expect(head).toContain(`href="/api/public/playlists/${slug}" as="fetch"`);
    expect(head).not.toContain('ida@example.com');
  });

  it('private or unknown: the site’s own tags, nothing about the list', async () => {
    await t.db.db.updateTable('playlists').set({ public_slug: null }).execute();
    for (const url of [`/p/${slug}`, `/p/${newSlug()}`, '/p/not-a-slug']) {
      const res = await t.app.inject({ url, headers: { host: 'cinelog.test' } });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<title>Cinelog — discover movies</title>');
      expect(res.body).not.toContain('Heists');
    }
  });
});
