import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAuthStack, type AuthStack } from '../../../test/helpers/auth-stack';
import { DATABASES } from '../../../test/helpers/db';
import type { Database } from '../../db/database';
import type { Auth } from './auth';
import { authOpenApi, schema30, withAuthPaths } from './auth-openapi';

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

describe('Better Auth’s description made OpenAPI 3.0', () => {
  it('turns JSON Schema 2020-12 into 3.0 schemas', () => {
    expect(
      schema30({
        type: ['object', 'null'],
        properties: {
          kind: { type: 'string', const: 'movie' },
          count: { type: 'integer', exclusiveMinimum: 0, examples: [3] },
          either: { type: ['string', 'number'] },
          user: { $ref: '#/components/schemas/User', description: 'Who' },
          maybe: { anyOf: [{ $ref: '#/components/schemas/User' }, { type: 'null' }] },
        },
        required: ['kind'],
        propertyNames: { type: 'string' },
        additionalProperties: { type: 'string' },
        $schema: 'https://json-schema.org/draft/2020-12/schema',
      }),
    ).toEqual({
      type: 'object',
      nullable: true,
      properties: {
        kind: { type: 'string', enum: ['movie'] },
        count: { type: 'integer', minimum: 0, exclusiveMinimum: true, example: 3 },
        either: { anyOf: [{ type: 'string' }, { type: 'number' }] },
        user: { allOf: [{ $ref: '#/components/schemas/User' }], description: 'Who' },
        maybe: { anyOf: [{ $ref: '#/components/schemas/User' }], nullable: true },
      },
      required: ['kind'],
      additionalProperties: { type: 'string' },
    });
    expect(schema30({ type: 'object', required: [] })).toEqual({ type: 'object' });
    expect(schema30({ $ref: '#/components/schemas/User' })).toEqual({ $ref: '#/components/schemas/User' });
  });

  it('gives every answer a description and every path parameter a declaration, once', async () => {
    const described = await authOpenApi({
      api: {
        generateOpenAPISchema: async () => ({
          paths: {
            '/reset-password/{token}': {
              get: {
                parameters: [
                  { name: 'callbackURL', in: 'query', schema: { type: ['string', 'null'] } },
                  { name: 'callbackURL', in: 'query', schema: { type: 'string' } },
                  { name: 'gone', in: 'path', schema: { type: 'string' } },
                ],
                requestBody: { required: true },
                responses: {
                  200: { content: { 'application/json': { schema: { type: 'null' } } } },
                  404: {},
                },
              },
            },
          },
          components: { schemas: { User: { type: 'object', propertyNames: { type: 'string' } } } },
        }),
      },
    } as unknown as Auth);
    expect(described.paths['/api/auth/reset-password/{token}']).toEqual({
      get: {
        tags: ['auth'],
        parameters: [
          { name: 'callbackURL', in: 'query', schema: { type: 'string', nullable: true } },
          { name: 'token', in: 'path', required: true, schema: { type: 'string' } },
        ],
        responses: {
          200: {
            description: 'OK',
            content: { 'application/json': { schema: { enum: [null], nullable: true } } },
          },
          404: {
            description: 'Not Found',
            content: { 'application/json': { schema: expect.objectContaining({ required: ['message'] }) } },
          },
        },
      },
    });
    expect(described.components!.schemas).toEqual({ User: { type: 'object' } });
  });

  it('keeps the API’s own on a clash, and points the auth paths at Better Auth’s renamed schema', () => {
    const merged = withAuthPaths(
      {
        paths: { '/api/auth/ok': { get: { responses: { 200: { description: 'own' } } } } },
        components: {
          schemas: { User: { type: 'object', properties: { own: { type: 'string' } } } },
          securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
        },
      },
      {
        paths: {
          '/api/auth/ok': { get: { responses: { 200: { description: 'auth' } } } },
          '/api/auth/me': {
            get: {
              responses: {
                200: {
                  description: 'me',
                  content: { 'application/json': { schema: { $ref: '#/components/schemas/User' } } },
                },
              },
            },
          },
        },
        components: {
          schemas: { User: { type: 'object', properties: { auth: { type: 'string' } } } },
          securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } },
        },
      },
    ) as unknown as {
      paths: Record<string, { get: { responses: { 200: unknown } } }>;
      components: Record<string, Record<string, unknown>>;
    };
    expect(merged.paths['/api/auth/ok']!.get.responses[200]).toEqual({ description: 'own' });
    expect(merged.paths['/api/auth/me']!.get.responses[200]).toEqual({
      description: 'me',
      content: { 'application/json': { schema: { $ref: '#/components/schemas/AuthUser' } } },
    });
    expect(merged.components.schemas).toEqual({
      User: { type: 'object', properties: { own: { type: 'string' } } },
      AuthUser: { type: 'object', properties: { auth: { type: 'string' } } },
    });
    expect(merged.components.securitySchemes!.bearerAuth).toMatchObject({ bearerFormat: 'JWT' });
  });
});
