import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
// @ts-expect-error a plain ES module of the repository's scripts
import { bundledWorkspaces, webBuildIsStale, webDist } from '../../../scripts/web-build.mjs';

const repoRoot = join(import.meta.dirname, '../../..');
let root: string | undefined;
afterEach(() => {
  if (root) rmSync(root, { recursive: true, force: true });
  root = undefined;
});

const write = (file: string, text: string, secondsAgo: number) => {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
  const t = Date.now() / 1000 - secondsAgo;
  utimesSync(file, t, t);
};

/** A small repository: apps/web depends on @app/a, which depends on @app/b; @app/c is unrelated. */
function fixture() {
  root = mkdtempSync(join(tmpdir(), 'w12-web-build-'));
  const pkg = (dir: string, name: string, deps: string[] = []) =>
    write(
      join(root!, dir, 'package.json'),
      JSON.stringify({ name, dependencies: Object.fromEntries(deps.map((d) => [d, '*'])) }),
      100,
    );
  write(
    join(root, 'package.json'),
    JSON.stringify({ workspaces: ['packages/a', 'packages/b', 'packages/c', 'apps/web'] }),
    100,
  );
  pkg('apps/web', '@app/web', ['@app/a', 'react']);
  pkg('packages/a', '@app/a', ['@app/b']);
  pkg('packages/b', '@app/b');
  pkg('packages/c', '@app/c');
  for (const dir of ['apps/web/src', 'packages/a/src', 'packages/b/src', 'packages/c/src'])
    write(join(root, dir, 'index.ts'), 'export {};', 100);
  write(join(root, 'apps/web/index.html'), '<!doctype html>', 100);
  write(join(root, 'apps/web/vite.config.ts'), 'export default {};', 100);
  write(join(root, 'apps/web/dist/index.html'), '<!doctype html>', 50);
  return root;
}

describe('npm start rebuilds the web app when anything it bundles changed', () => {
  it('the web bundles the workspace packages of its package.json, and theirs', () => {
    expect(bundledWorkspaces(fixture())).toEqual(['packages/a', 'packages/b']);
    // The repository itself: the web's declared @app/* packages.
    expect(bundledWorkspaces(repoRoot)).toEqual(
      expect.arrayContaining(['packages/contracts', 'packages/auth-client']),
    );
  });

  it('a build newer than every source is fresh', () => {
    expect(webBuildIsStale(fixture())).toBe(false);
  });

  it('a change in a bundled package, even an indirect one, makes it stale', () => {
    const r = fixture();
    write(join(r, 'packages/b/src/index.ts'), 'export const x = 1;', 0);
    expect(webBuildIsStale(r)).toBe(true);
  });

  it('a change in a package the web does not bundle does not', () => {
    const r = fixture();
    write(join(r, 'packages/c/src/index.ts'), 'export const x = 1;', 0);
    expect(webBuildIsStale(r)).toBe(false);
  });

  it('a change in the web sources, or no build at all, makes it stale', () => {
    const r = fixture();
    write(join(r, 'apps/web/src/index.ts'), 'export const y = 2;', 0);
    expect(webBuildIsStale(r)).toBe(true);
    rmSync(join(r, 'apps/web/dist'), { recursive: true });
    expect(webBuildIsStale(r)).toBe(true);
  });

  it("WEB_DIST names the build to check (relative to the repository's root), not apps/web/dist", () => {
    const r = fixture();
    const env = { WEB_DIST: '.cache/web-dist/run-1' };
    expect(webDist(r, env)).toBe(join(r, '.cache/web-dist/run-1'));
    expect(webDist(r, {})).toBe(join(r, 'apps/web/dist'));
    // apps/web/dist is fresh, but the run's own folder has no build yet.
    expect(webBuildIsStale(r, {})).toBe(false);
    expect(webBuildIsStale(r, env)).toBe(true);
    write(join(r, '.cache/web-dist/run-1/index.html'), '<!doctype html>', 10);
    expect(webBuildIsStale(r, env)).toBe(false);
  });
});
