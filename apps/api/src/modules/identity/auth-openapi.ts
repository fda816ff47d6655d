import { STATUS_CODES } from 'node:http';
import type { Auth } from './auth';

type Json = Record<string, unknown>;

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
 * `auth` tag, with every error answer given the API's one error body. Better Auth writes its
 * schemas in JSON Schema 2020-12 (`type: ['object', 'null']`, `propertyNames`, `const`) and leaves
 * some answers without a description: all is made OpenAPI 3.0, the document's version, so that a
 * validator or a client generator accepts the whole document.
 */
export async function authOpenApi(auth: Auth): Promise<Required<Pick<OpenApiDoc, 'paths'>> & OpenApiDoc> {
  const doc = (await auth.api.generateOpenAPISchema()) as unknown as OpenApiDoc;
  const paths: Record<string, unknown> = {};
  for (const [path, operations] of Object.entries(doc.paths ?? {})) {
    const ops: Record<string, unknown> = {};
    for (const [method, op] of Object.entries(operations as Json)) {
      if (!METHODS.has(method)) continue;
      ops[method] = { ...operation30(path, op as Json), tags: ['auth'] };
    }
    paths[`${BASE_PATH}${path}`] = ops;
  }
  const components: Json = {};
  for (const [kind, entries] of Object.entries(doc.components ?? {}))
    components[kind] = kind === 'schemas' ? mapValues(entries as Json, schema30) : entries;
  return { paths, components: { schemas: {}, ...components } };
}

/** An operation made OpenAPI 3.0: its parameters, body and answers (errors as the API's body). */
function operation30(path: string, op: Json): Json {
  const out: Json = { ...op };
  const parameters = parameters30(path, (op.parameters as Json[] | undefined) ?? []);
  if (parameters.length) out.parameters = parameters;
  else delete out.parameters;
  const body = op.requestBody as Json | undefined;
  if (body?.content) out.requestBody = { ...body, content: content30(body.content as Json) };
  else delete out.requestBody; // a body with no content is not a body in 3.0
  const responses: Json = {};
  for (const [status, response] of Object.entries((op.responses as Json | undefined) ?? {}))
    responses[status] =
      Number(status) >= 400 ? errorResponse(status, response as Json) : response30(status, response as Json);
  out.responses = Object.keys(responses).length ? responses : { 200: { description: 'Success' } };
  return out;
}

/**
 * The parameters as 3.0 wants them: each once, a path parameter required and named in the path,
 * every `{name}` of the path declared (a string when Better Auth did not say).
 */
function parameters30(path: string, parameters: Json[]): Json[] {
  const inPath = new Set([...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!));
  const seen = new Set<string>();
  const out: Json[] = [];
  for (const p of parameters) {
    const key = `${String(p.in)} ${String(p.name)}`;
    if (typeof p.name !== 'string' || typeof p.in !== 'string' || seen.has(key)) continue;
    if (p.in === 'path' && !inPath.has(p.name)) continue;
    seen.add(key);
    out.push({
      ...p,
      ...(p.in === 'path' ? { required: true } : {}),
      ...(p.content ? { content: content30(p.content as Json) } : { schema: schema30(p.schema ?? {}) }),
    });
  }
  for (const name of inPath)
    if (!seen.has(`path ${name}`)) out.push({ name, in: 'path', required: true, schema: { type: 'string' } });
  return out;
}

function response30(status: string, response: Json): Json {
  const out: Json = { ...response, description: descriptionOf(status, response) };
  if (response.content) out.content = content30(response.content as Json);
  if (response.headers)
    out.headers = mapValues(response.headers as Json, (h) => {
      const header = h as Json;
      return header.schema ? { ...header, schema: schema30(header.schema) } : header;
    });
  return out;
}

function errorResponse(status: string, response: Json) {
  return {
    description: descriptionOf(status, response),
    content: { 'application/json': { schema: ERROR_BODY } },
  };
}

/** 3.0 requires every answer to have a description. */
function descriptionOf(status: string, response: Json): string {
  if (typeof response.description === 'string' && response.description) return response.description;
  return STATUS_CODES[status] ?? 'Response';
}

function content30(content: Json): Json {
  return mapValues(content, (media) => {
    const m = media as Json;
    return m.schema ? { ...m, schema: schema30(m.schema) } : m;
  });
}

/** The keywords of an OpenAPI 3.0 Schema Object; any other (but `x-…`) is refused by 3.0. */
const SCHEMA_KEYS = new Set([
  'title',
  'multipleOf',
  'maximum',
  'exclusiveMaximum',
  'minimum',
  'exclusiveMinimum',
  'maxLength',
  'minLength',
  'pattern',
  'maxItems',
  'minItems',
  'uniqueItems',
  'maxProperties',
  'minProperties',
  'required',
  'enum',
  'type',
  'not',
  'allOf',
  'oneOf',
  'anyOf',
  'items',
  'properties',
  'additionalProperties',
  'description',
  'format',
  'default',
  'nullable',
  'discriminator',
  'readOnly',
  'writeOnly',
  'example',
  'externalDocs',
  'deprecated',
  'xml',
]);

const isNullSchema = (s: unknown) => typeof s === 'object' && s !== null && (s as Json).type === 'null';

/**
 * A JSON Schema (2020-12, as Better Auth writes it) as an OpenAPI 3.0 Schema Object: `null` in a
 * type list or an `anyOf` becomes `nullable`, several types an `anyOf`, `const` a one-value enum,
 * `examples` one `example`, numeric exclusive bounds 3.0's boolean ones, a `$ref` with other
 * keywords an `allOf` (3.0 ignores a `$ref`'s siblings), a tuple's items an `anyOf`; keywords 3.0
 * does not know (`propertyNames`, `$schema`, `patternProperties`…) are dropped.
 */
export function schema30(schema: unknown): unknown {
  if (schema === true || schema === undefined) return {};
  if (schema === false) return { not: {} };
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) return schema;
  const s = schema as Json;
  const out: Json = {};
  let nullable = s.nullable === true;

  // Types: 'null' is 3.0's `nullable`; several types are one of them each.
  const types = typesOf(s);
  if (types.includes('null')) nullable = true;
  const kept = types.filter((t) => t !== 'null');
  if (kept.length === 1) out.type = kept[0];
  else if (!kept.length && types.length) out.enum = [null]; // `type: 'null'` alone: its one value

  for (const [key, value] of Object.entries(s)) {
    if (key === 'type' || key === 'nullable' || key === '$ref') continue;
    if (key.startsWith('x-')) out[key] = value;
    else if (FROM_2020.get(key)?.(value, s, out)) continue;
    else if (SCHEMA_KEYS.has(key)) nullable = keyword30(key, value, out) || nullable;
  }
  return finished30(s, out, kept, nullable);
}

/**
 * The last of `schema30`: several types as an `anyOf` (beside one already there, in an `allOf`),
 * `nullable` (with `null` among an enum's values), and a `$ref` with other keywords as an `allOf`.
 */
function finished30(s: Json, out: Json, kept: string[], nullable: boolean): unknown {
  if (kept.length > 1) {
    const anyType = kept.map((type) => ({ type }));
    if (out.anyOf) out.allOf = [...((out.allOf as unknown[] | undefined) ?? []), { anyOf: anyType }];
    else out.anyOf = anyType;
  }
  if (nullable) {
    out.nullable = true;
    if (Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...(out.enum as unknown[]), null];
  }
  if (typeof s.$ref === 'string')
    return Object.keys(out).length ? { allOf: [{ $ref: s.$ref }], ...out } : { $ref: s.$ref };
  return out;
}

/** A schema's `type` as a list (none: empty). */
const typesOf = (s: Json) =>
  (Array.isArray(s.type) ? s.type : s.type === undefined ? [] : [s.type]) as string[];

/**
 * 2020-12 keywords 3.0 writes otherwise, by name: each writes its 3.0 form into `out` and is true,
 * or is false for a value it does not convert (the keyword is then read as any other).
 */
const FROM_2020 = new Map<string, (value: unknown, s: Json, out: Json) => boolean>([
  [
    'const',
    (value, _s, out) => {
      out.enum = [value];
      return true;
    },
  ],
  [
    'examples',
    (value, s, out) => {
      if (Array.isArray(value) && value.length && !('example' in s)) out.example = value[0];
      return true;
    },
  ],
  ['exclusiveMinimum', exclusiveBound('exclusiveMinimum', 'minimum')],
  ['exclusiveMaximum', exclusiveBound('exclusiveMaximum', 'maximum')],
  [
    'prefixItems',
    (value, s, out) => {
      if (!Array.isArray(value)) return false;
      if (!('items' in s)) out.items = value.length ? { anyOf: value.map(schema30) } : {};
      return true;
    },
  ],
]);

/** A numeric exclusive bound (2020-12) as 3.0's bound and boolean flag. */
function exclusiveBound(key: string, bound: string) {
  return (value: unknown, _s: Json, out: Json): boolean => {
    if (typeof value !== 'number') return false;
    out[bound] = value;
    out[key] = true;
    return true;
  };
}

/**
 * A keyword 3.0 knows, written into `out`: its subschemas converted, `null` members of an
 * `anyOf`/`oneOf` dropped (true: the schema is nullable), empty `required` and `enum` lists left out.
 */
function keyword30(key: string, value: unknown, out: Json): boolean {
  switch (key) {
    case 'properties':
      out.properties = mapValues(value as Json, schema30);
      return false;
    case 'items':
      out.items = Array.isArray(value)
        ? value.length
          ? { anyOf: value.map(schema30) }
          : {}
        : schema30(value);
      return false;
    case 'additionalProperties':
      out[key] = typeof value === 'boolean' ? value : schema30(value);
      return false;
    case 'not':
      out[key] = schema30(value);
      return false;
    case 'allOf':
    case 'anyOf':
    case 'oneOf':
      return combination30(key, value as unknown[], out);
    case 'required':
    case 'enum':
      if (Array.isArray(value) && !value.length) return false;
      out[key] = value;
      return false;
    default:
      out[key] = value;
      return false;
  }
}

/** `allOf`, `anyOf` or `oneOf`, its members converted; a `null` member of the last two makes the schema nullable (true). */
function combination30(key: 'allOf' | 'anyOf' | 'oneOf', members: unknown[], out: Json): boolean {
  const nullable = key !== 'allOf' && members.some(isNullSchema);
  const rest = (key === 'allOf' ? members : members.filter((m) => !isNullSchema(m))).map(schema30);
  if (rest.length) out[key] = rest;
  return nullable;
}

function mapValues(o: Json, f: (v: unknown) => unknown): Json {
  return Object.fromEntries(Object.entries(o).map(([k, v]) => [k, f(v)]));
}

/**
 * The API's document with Better Auth's paths and components added. On a name clash the API's
 * own component keeps its name and Better Auth's is renamed (`AuthUser`), its references with it,
 * so that no auth path points at the API's schema of the same name; a security scheme, named by
 * the operations' requirements rather than referenced, is the API's own (both are the bearer).
 */
export function withAuthPaths<T extends object>(doc: T, auth: OpenApiDoc): T {
  const own = doc as OpenApiDoc;
  const renames = new Map<string, string>();
  const authComponents = (auth.components ?? {}) as Record<string, Json>;
  const ownComponents = (own.components ?? {}) as Record<string, Json | undefined>;
  for (const [kind, entries] of Object.entries(authComponents))
    for (const name of Object.keys(entries))
      if (kind !== 'securitySchemes' && ownComponents[kind]?.[name] !== undefined) {
        let renamed = `Auth${name}`;
        while (ownComponents[kind]?.[renamed] !== undefined || entries[renamed] !== undefined)
          renamed = `Auth${renamed}`;
        renames.set(`#/components/${kind}/${name}`, `#/components/${kind}/${renamed}`);
      }
  const rename = <V>(v: V): V => (renames.size ? renameRefs(v, renames) : v);
  const components: Json = { ...own.components };
  for (const [kind, entries] of Object.entries(authComponents)) {
    const added = Object.fromEntries(
      Object.entries(entries).map(([name, value]) => [
        (renames.get(`#/components/${kind}/${name}`) ?? `#/components/${kind}/${name}`).split('/').pop()!,
        rename(value),
      ]),
    );
    components[kind] = { ...added, ...ownComponents[kind] };
  }
  return {
    ...doc,
    paths: { ...rename(auth.paths), ...own.paths },
    components,
    tags: [...(own.tags ?? []), { name: 'auth', description: 'Accounts and sessions (Better Auth)' }],
  };
}

function renameRefs<V>(value: V, renames: Map<string, string>): V {
  if (Array.isArray(value)) return value.map((v: unknown) => renameRefs(v, renames)) as V;
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [
      k,
      k === '$ref' && typeof v === 'string' ? (renames.get(v) ?? v) : renameRefs(v, renames),
    ]),
  ) as V;
}
