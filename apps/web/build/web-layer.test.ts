import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The web layer's rules that the type checker cannot see (decision 0097), read from the sources:
 * every answer of the API checked against its @app/contracts schema in development, one owner of
 * the library's query keys, and every toast's text from a messages module.
 */
const src = join(import.meta.dirname, '../src');
const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? files(join(dir, e.name))
      : /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name)
        ? [join(dir, e.name)]
        : [],
  );
const sources = files(src).map((f) => ({ path: relative(src, f), text: readFileSync(f, 'utf8') }));

/** The argument text of each call of `name(` in `text` (parentheses matched; strings are not parsed). */
function callsOf(text: string, name: RegExp): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(name)) {
    let depth = 0;
    let i = m.index + m[0].length - 1;
    const start = i;
    for (; i < text.length; i++) {
      if (text[i] === '(') depth++;
      else if (text[i] === ')' && --depth === 0) break;
    }
    out.push(text.slice(start + 1, i));
  }
  return out;
}

describe('every API answer is checked against its contract in development', () => {
  const calls = sources.flatMap(({ path, text }) =>
    path === 'lib/api-client.ts'
      ? []
      : callsOf(text, /\bapiFetch(?:<[^>(]*>)?\(/g).map((args) => ({ path, args })),
  );

  it('passes a contract to every apiFetch call', () => {
    // Enough calls found that the scan is reading what it should.
    expect(calls.length).toBeGreaterThan(40);
    const unchecked = calls
      .filter(({ args }) => !/\bcontract\b/.test(args))
      .map(({ path, args }) => `${path}: apiFetch(${args.split('\n')[0]}`);
    // Known exceptions, each with its reason; one that is fixed simply leaves the list.
    const allowed = new Set([
      // Its answer is never read: only whether the profile is there (404: the username is free).
      'features/social/api/check-username.ts: apiFetch(profilePath(name), signal ? { signal } : {}',
    ]);
    expect(unchecked.filter((c) => !allowed.has(c))).toEqual([]);
  });

  it('never names an answer’s type by hand (apiFetch<T>): the contract gives it', () => {
    const typed = sources.filter(({ text }) => /\bapiFetch<(?!T>)/.test(text)).map((f) => f.path);
    expect(typed).toEqual([]);
  });

  it('calls fetch itself only where a file is the body or the answer', () => {
    const raw = sources
      .filter(({ text }) => /(^|[^\w.])fetch\(/m.test(text.replace(/typeof fetch/g, '')))
      .map((f) => f.path)
      .sort();
    expect(raw).toEqual([
      // The export is a file (zip or JSON) saved as is.
      'features/transfer/api/download-export.ts',
      'features/transfer/api/upload-export.ts',
      'lib/api-client.ts',
    ]);
    // The upload's answer is JSON: checked as apiFetch checks one.
    const upload = sources.find((f) => f.path === 'features/transfer/api/upload-export.ts')!.text;
    expect(upload).toMatch(/import\.meta\.env\.DEV \? ImportPreview\.parse\(/);
  });
});

describe('one owner of each query key', () => {
  it('writes each of the library’s keys in one module only (lib/library-keys.ts, or a feature’s own)', () => {
    const owners = new Map<string, Set<string>>();
    for (const { path, text } of sources)
      for (const m of text.matchAll(/\[\s*'library'\s*,\s*'([\w-]+)'/g))
        owners.set(m[1]!, (owners.get(m[1]!) ?? new Set()).add(path));
    expect(owners.get('likes')).toEqual(new Set(['lib/library-keys.ts']));
    const shared = [...owners]
      .filter(([, paths]) => paths.size > 1)
      .map(([key, paths]) => `${key}: ${[...paths]}`);
    expect(shared).toEqual([]);
  });
});

describe('one source for each message', () => {
  it('gives every toast its text from a messages module, never a literal', () => {
    const literal = sources.flatMap(({ path, text }) =>
      callsOf(text, /\b(?:toast(?:\.success|\.error)?|toastWithUndo|toastWithAction)\(/g)
        .filter((args) => /^\s*['"`]/.test(args))
        .map((args) => `${path}: ${args.split('\n')[0]}`),
    );
    const allowed = new Set([
      // Being changed by another piece of work when this rule came (decision 0097): to move to
      // @app/contracts' auth messages.
      "features/auth/components/account-settings.tsx: 'Your account was deleted.'",
    ]);
    expect(literal.filter((c) => !allowed.has(c))).toEqual([]);
  });
});
