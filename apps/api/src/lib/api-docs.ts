import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';

/** Headers of the documents' own answer that the API's answer does not copy (it sets its own). */
const NOT_COPIED = new Set(['content-length', 'transfer-encoding', 'connection', 'keep-alive', 'date']);

export interface ApiDocsOptions {
  /** @fastify/swagger's options (the document's info, its schema transforms). */
  swagger: Record<string, unknown>;
  /** Where the docs UI lives (its page, assets and its copy of the document). */
  uiPrefix: string;
}

/**
 * The API's OpenAPI document and its docs UI, made on first request instead of at start
 * (decision 0048). @fastify/swagger, @fastify/swagger-ui and what they load (yaml, a second
 * @fastify/static, glob) took 180–190 ms of the main thread at each start for pages a visitor
 * never opens. Here the app only notes its routes as they are registered (an `onRoute` hook,
 * from this call on, as @fastify/swagger's own hook did); the first request for the documents
 * loads both plugins into an app of their own, registers the noted routes there with their
 * schemas (handlers never run), and answers from it, then and after.
 */
export function lazyApiDocs(app: FastifyInstance, opts: ApiDocsOptions) {
  const routes: RouteOptions[] = [];
  app.addHook('onRoute', (route) => {
    // Hidden routes are not in the document (the documents' own routes among them).
    if (!(route.schema as { hide?: boolean } | undefined)?.hide) routes.push(route);
  });
  let built: Promise<FastifyInstance> | null = null;
  const build = async () => {
    const [{ default: Fastify }, { default: swagger }, { default: swaggerUi }] = await Promise.all([
      import('fastify'),
      import('@fastify/swagger'),
      import('@fastify/swagger-ui'),
    ]);
    // HEAD routes come as noted (Fastify notes each GET's HEAD too): none are made again here.
    const docs = Fastify({ logger: false, exposeHeadRoutes: false });
    // The app's zod compilers, for the routes made again here (their schemas only).
    docs.setValidatorCompiler(validatorCompiler);
    docs.setSerializerCompiler(serializerCompiler);
    await docs.register(swagger, opts.swagger);
    await docs.register(swaggerUi, { routePrefix: opts.uiPrefix });
    await docs.register(async (scope) => {
      for (const r of routes)
        scope.route({
          method: r.method,
          url: r.url,
          ...(r.schema ? { schema: r.schema } : {}),
          ...(r.constraints ? { constraints: r.constraints } : {}),
          handler: async () => null,
        });
    });
    await docs.ready();
    return docs;
  };
  const docsApp = () =>
    (built ??= build().catch((err: unknown) => {
      built = null; // a failed build is tried again by the next request
      throw err;
    }));

  return {
    /** The OpenAPI document of the app's routes (built on first call). */
    document: async (): Promise<Record<string, unknown>> =>
      (await docsApp()).swagger() as unknown as Record<string, unknown>,
    /** A route handler answering a request under `uiPrefix` from the documents' app. */
    forward: async (request: FastifyRequest, reply: FastifyReply) => {
      const docs = await docsApp();
      const res = await docs.inject({
        method: request.method as 'GET',
        url: request.url,
        // What the UI's answers depend on: the type asked for, and the browser's cached copy.
        headers: Object.fromEntries(
          ['accept', 'if-none-match', 'if-modified-since']
            .map((h) => [h, request.headers[h]] as const)
            .filter((e): e is [string, string] => typeof e[1] === 'string'),
        ),
      });
      for (const [k, v] of Object.entries(res.headers))
        if (v !== undefined && !NOT_COPIED.has(k)) void reply.header(k, v);
      return reply.code(res.statusCode).send(res.rawPayload);
    },
  };
}
