import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';

/**
 * No function in the chat module may exceed cyclomatic complexity 25 (`complexity` in
 * eslint.config.js, decision 0086). These lint a generated function at a real path in the module
 * with the repository's own config, so a weakened or dropped rule fails here.
 */
const root = fileURLToPath(new URL('../../../../../', import.meta.url));
const eslint = new ESLint({ cwd: root });
// Loading ESLint and its plugins takes seconds on a busy machine.
vi.setConfig({ testTimeout: 60_000 });

/** A function whose cyclomatic complexity is `n` (one path, plus one per `if`). */
const withComplexity = (n: number) =>
  [
    'export function probe(x: number): number {',
    '  let y = 0;',
    ...Array.from({ length: n - 1 }, (_, i) => `  if (x === ${i}) y += ${i};`),
    '  return y;',
    '}',
    '',
  ].join('\n');

async function complexityErrors(file: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: `${root}apps/api/src/modules/chat/${file}` });
  return result!.messages.filter((m) => m.ruleId === 'complexity').map((m) => m.message);
}

describe('chat complexity lint', () => {
  it('fails a function over 25 anywhere in the chat module', async () => {
    for (const file of ['probe.ts', 'turns/probe.ts', 'understand/probe.ts']) {
      const errors = await complexityErrors(file, withComplexity(26));
      expect(errors, file).toHaveLength(1);
      expect(errors[0]).toMatch(/complexity of 26\. Maximum allowed is 25/);
    }
  });

  it('passes a function of 25', async () => {
    expect(await complexityErrors('turns/probe.ts', withComplexity(25))).toEqual([]);
  });
});
