import { isServerRendered, SERVER_RENDERED_ROUTES } from '@app/contracts';
import { matchPath } from 'react-router';
import { describe, expect, it } from 'vitest';
import { render } from '../entry-server';
import { ROUTES } from './routes';

/**
 * The pages rendered on the server are listed once (@app/contracts), for this app's server entry
 * and the API's page fallback (which asks only when `isServerRendered`). These fail when the list,
 * the route table and the entry disagree.
 */

/** A path of each route of the table, its parameters filled with `value`. */
const pathsOf = (value: string) =>
  ROUTES.filter((r) => r.path !== '*').map((r) => ({
    route: r.path,
    path: r.path.replace(/:\w+/g, value),
  }));

describe('the server-rendered pages', () => {
  it('are screens of the route table, each one matched by its own pattern', () => {
    const table = ROUTES.map((r) => r.path);
    for (const pattern of SERVER_RENDERED_ROUTES) {
      expect(table).toContain(pattern);
      const path = pattern.replace(/:\w+/g, '42');
      expect(isServerRendered(path)).toBe(true);
      // The router would show that screen for it (no earlier route takes it).
      expect(ROUTES.find((r) => matchPath(r.path, path))?.path).toBe(pattern);
    }
  });

  it('are exactly the listed routes, with an id for a parameter', () => {
    for (const { route, path } of pathsOf('42'))
      expect(isServerRendered(path), path).toBe(
        (SERVER_RENDERED_ROUTES as readonly string[]).includes(route),
      );
    for (const pattern of SERVER_RENDERED_ROUTES.filter((p) => p.includes(':')))
      for (const value of ['abc', '0', '-1', '1.5', '12345678901'])
        expect(isServerRendered(pattern.replace(/:\w+/g, value)), value).toBe(false);
    for (const path of ['/movie/42/', '/movie/', '/favicon.ico', '/wp-login.php', '//movie/42'])
      expect(isServerRendered(path), path).toBe(false);
  });

  it('the entry renders nothing, and asks the API for nothing, for any other page', async () => {
    const asked: string[] = [];
    const send = (async (input: RequestInfo | URL) => {
      asked.push(String(input));
      return new Response('{}', { status: 404 });
    }) as typeof fetch;
    const others = [...pathsOf('42'), ...pathsOf('abc')].filter(({ path }) => !isServerRendered(path));
    expect(others.length).toBeGreaterThan(10);
    for (const { path } of others) expect(await render(path, send), path).toBeNull();
    expect(await render('/movie/abc?x=1', send)).toBeNull();
    expect(asked).toEqual([]);
  });
});
