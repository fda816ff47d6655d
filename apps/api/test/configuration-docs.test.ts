import { RecommenderEnvSchema } from '@app/contracts/config';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EnvSchema } from '../src/config/env';

/**
 * docs/configuration.md and .env.example against the environment schemas of the API and the
 * recommendation service: adding a variable to a schema without documenting it fails here.
 */
const root = join(import.meta.dirname, '../../..');
const table = readFileSync(join(root, 'docs/configuration.md'), 'utf8');
const example = readFileSync(join(root, '.env.example'), 'utf8');

/** The variables named in the first column of the table's rows (`A` / `B` rows name both). */
const documented = new Set(
  table
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .flatMap((line) => [...line.split('|')[1]!.matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((m) => m[1]!)),
);
/** Read by scripts and tests, not by a server's schema. */
const TOOLING = ['START_SKIP_WEB_BUILD', 'TEST_DATABASE_URL', 'TEST_REDIS_URL', 'CHROMIUM_PATH'];
const schemaVariables = [
  ...new Set([...Object.keys(EnvSchema.shape), ...Object.keys(RecommenderEnvSchema.shape)]),
].sort();

describe('the configuration docs match the environment schemas', () => {
  it('every variable a server validates has a row in docs/configuration.md', () => {
    expect(schemaVariables.filter((v) => !documented.has(v))).toEqual([]);
  });

  it('every row of the table is a variable something reads', () => {
    const known = new Set([...schemaVariables, ...TOOLING]);
    expect([...documented].filter((v) => !known.has(v))).toEqual([]);
  });

  it('.env.example lists every variable a server validates', () => {
    const listed = new Set([...example.matchAll(/^#?\s*([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]!));
    expect(schemaVariables.filter((v) => !listed.has(v) && v !== 'NODE_ENV')).toEqual([]);
  });
});
