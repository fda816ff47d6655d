import SwaggerParser from '@apidevtools/swagger-parser';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAuthStack, type AuthStack } from './helpers/auth-stack';

/**
 * The served /api/openapi.json, Better Auth's merged paths included, is a document outside tools
 * accept: a validator of OpenAPI 3.0, and a generator of a typed client.
 */
let s: AuthStack;
let doc: OpenAPI3;
beforeAll(async () => {
  s = await startAuthStack();
  doc = (await s.client().get('/api/openapi.json')).body as OpenAPI3;
});
afterAll(() => s.close());

describe('the OpenAPI document', () => {
  it('passes an OpenAPI 3.0 validator, auth paths included', async () => {
    expect(doc.openapi).toMatch(/^3\.0\./);
    // Better Auth's paths the validator refused before they were made 3.0.
    for (const path of [
      '/api/auth/sign-in/social',
      '/api/auth/get-session',
      '/api/auth/update-session',
      '/api/auth/link-social',
    ])
      expect(doc.paths![path], path).toBeDefined();
    // validate() resolves the references in the document it is given: it gets a copy. It refuses
    // what the 3.0 schema refuses, a `$ref` to nothing, and parameters not matching their path.
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeDefined();
  });

  it('names each operation once (a generated client has one function per operation id)', () => {
    const ids = Object.values(doc.paths!).flatMap((ops) =>
      Object.values(ops as Record<string, { operationId?: string }>).flatMap((op) =>
        op.operationId ? [op.operationId] : [],
      ),
    );
    expect(ids.length).toBeGreaterThan(20);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('generates TypeScript types a small client type-checks against', async () => {
    const types = astToString(await openapiTS(structuredClone(doc)));
    const dir = mkdtempSync(join(tmpdir(), 'openapi-client-'));
    try {
      writeFileSync(join(dir, 'api.d.ts'), types);
      // Wrong uses are marked: if the types were loose (`any`, or a path missing), the marks would
      // be unused and the check would fail.
      writeFileSync(
        join(dir, 'client.ts'),
        `import type { paths } from './api';

type Ok<Op> = Op extends { responses: { 200: { content: { 'application/json': infer B } } } } ? B : never;
declare function getJson<T>(url: string, headers?: Record<string, string>): Promise<T>;

export async function movieTitle(id: paths['/api/tmdb/movie/{id}']['get']['parameters']['path']['id']) {
  const movie = await getJson<Ok<paths['/api/tmdb/movie/{id}']['get']>>('/api/tmdb/movie/' + id);
  const title: string = movie.title;
  // @ts-expect-error a title is not a number
  const wrong: number = movie.title;
  return [title, wrong];
}

export async function likedTitles(token: string) {
  const likes = await getJson<Ok<paths['/api/user/likes']['get']>>('/api/user/likes', {
    authorization: 'Bearer ' + token,
  });
  return likes.map((like) => like.title);
}

export type Session = Ok<paths['/api/auth/get-session']['get']>;
export const signedOut: Session = null;
export const userEmail = (session: NonNullable<Session>): string => session.user.email;

export type SignInBody = NonNullable<
  paths['/api/auth/sign-in/email']['post']['requestBody']
>['content']['application/json'];
export const signIn: SignInBody = { email: 'a@example.com', password: 'secret123' };
// @ts-expect-error the password is required
export const noPassword: SignInBody = { email: 'a@example.com' };

// @ts-expect-error a path the API does not have
export type Nothing = paths['/api/nothing'];
`,
      );
      const program = ts.createProgram([join(dir, 'client.ts')], {
        strict: true,
        noEmit: true,
        target: ts.ScriptTarget.ES2022,
        module: ts.ModuleKind.ESNext,
        moduleResolution: ts.ModuleResolutionKind.Bundler,
        lib: ['lib.es2022.d.ts'], // not the DOM's: it alone takes seconds to check
        skipLibCheck: true,
        types: [],
      });
      const errors = ts
        .getPreEmitDiagnostics(program)
        .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      expect(errors).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
