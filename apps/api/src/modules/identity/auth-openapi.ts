import type { Auth } from './auth';

interface OpenApiDoc {
  paths?: Record<string, unknown>;
  components?: { schemas?: Record<string, unknown> } & Record<string, unknown>;
  tags?: { name: string; description?: string }[];
}

const BASE_PATH = '/api/auth';
const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);
/** The one error body of every route (`ErrorBody` in @app/contracts). */
const ERROR_BODY = {
  type: 'object',
  properties: { message: { type: 'string' }, code: { type: 'string' } },
  required: ['message'],
};

/**
 * Better Auth's own description of its endpoints (its openAPI plugin), under /api/auth and the
 * `auth` tag, with every error answer given the API's one error body.
 */
export async function authOpenApi(auth: Auth): Promise<Required<Pick<OpenApiDoc, 'paths'>> & OpenApiDoc> {
  const doc = (await auth.api.generateOpenAPISchema()) as unknown as OpenApiDoc;
  const paths: Record<string, unknown> = {};
  for (const [path, operations] of Object.entries(doc.paths ?? {})) {
    const ops: Record<string, unknown> = {};
    for (const [method, op] of Object.entries(operations as Record<string, unknown>)) {
      if (!METHODS.has(method)) continue;
      const operation = op as { responses?: Record<string, unknown>; tags?: string[] };
      const responses: Record<string, unknown> = {};
      for (const [status, response] of Object.entries(operation.responses ?? {}))
        responses[status] = Number(status) >= 400 ? errorResponse(response) : response;
      ops[method] = { ...operation, tags: ['auth'], responses };
    }
    paths[`${BASE_PATH}${path}`] = ops;
  }
  return { paths, components: { schemas: doc.components?.schemas ?? {} } };
}

function errorResponse(response: unknown) {
  const description = (response as { description?: string }).description ?? 'Error';
  return { description, content: { 'application/json': { schema: ERROR_BODY } } };
}

/** The API's document with Better Auth's paths and schemas added (the API's own win on a clash). */
export function withAuthPaths<T extends object>(doc: T, auth: OpenApiDoc): T {
  const own = doc as OpenApiDoc;
  return {
    ...doc,
    paths: { ...auth.paths, ...own.paths },
    components: {
      ...own.components,
      schemas: { ...auth.components?.schemas, ...own.components?.schemas },
    },
    tags: [...(own.tags ?? []), { name: 'auth', description: 'Accounts and sessions (Better Auth)' }],
  };
}
