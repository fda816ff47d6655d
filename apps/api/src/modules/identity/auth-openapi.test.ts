import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAuthStack, type AuthStack } from '../../../test/helpers/auth-stack';
import { DATABASES } from '../../../test/helpers/db';
import type { Database } from '../../db/database';

const [pglite] = DATABASES;

describe('the OpenAPI document describes the auth routes (Better Auth describes its own)', () => {
  let db: Database;
  let s: AuthStack;
  beforeAll(async () => {
    db = await pglite!.open();
    s = await startAuthStack({ db });
  });
  afterAll(async () => {
    await s.close();
    await db.close();
  });

  it('lists the spec flows under /api/auth, tagged auth, with the one error body', async () => {
    const doc = (await s.client().get('/api/openapi.json')).body as {
      paths: Record<
        string,
        Record<
          string,
          {
            tags: string[];
            responses: Record<string, { content: Record<string, { schema: { properties: unknown } }> }>;
          }
        >
      >;
      components: { schemas: Record<string, unknown> };
    };
    const want: Record<string, string> = {
      '/api/auth/sign-up/email': 'post',
      '/api/auth/sign-in/email': 'post',
      '/api/auth/sign-out': 'post',
      '/api/auth/get-session': 'get',
      '/api/auth/request-password-reset': 'post',
      '/api/auth/reset-password': 'post',
      '/api/auth/change-password': 'post',
      '/api/auth/send-verification-email': 'post',
      '/api/auth/token': 'get',
    };
    for (const [path, method] of Object.entries(want)) {
      const op = doc.paths[path]?.[method];
      expect(op, `${method.toUpperCase()} ${path}`).toBeDefined();
      expect(op!.tags).toEqual(['auth']);
    }
    const signIn = doc.paths['/api/auth/sign-in/email']!.post!;
    const errors = Object.entries(signIn.responses).filter(([status]) => Number(status) >= 400);
    expect(errors.length).toBeGreaterThan(0);
    for (const [, response] of errors)
      expect(response.content['application/json']!.schema.properties).toEqual({
        message: { type: 'string' },
        code: { type: 'string' },
      });
    // The API's own routes are still there.
    expect(doc.paths['/api/user/likes']).toBeDefined();
    expect(doc.components.schemas.User).toBeDefined();
  });

  it('does not serve Better Auth’s own reference page', async () => {
    const res = await s.client().get('/api/auth/reference');
    expect(res.status).toBe(404);
  });
});
