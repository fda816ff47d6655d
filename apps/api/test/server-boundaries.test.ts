// @vitest-environment node
import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';

/**
 * The server's layers and the workspaces' declared imports are enforced by lint (eslint.config.js):
 * these lint real source text at real paths with the repository's own config, so a weakened rule
 * fails here.
 */
const root = fileURLToPath(new URL('../../../', import.meta.url));
const eslint = new ESLint({ cwd: root });
// Loading ESLint and its plugins takes seconds on a busy machine.
vi.setConfig({ testTimeout: 60_000 });

async function errors(file: string, code: string, rule: string) {
  const [result] = await eslint.lintText(code, { filePath: `${root}${file}` });
  return result!.messages.filter((m) => m.ruleId === rule).map((m) => m.message);
}

describe('server boundaries', () => {
  it('a route may not import a repository or db/', async () => {
    const found = await errors(
      'apps/api/src/modules/library/probe.routes.ts',
      [
        "import { LibraryRepository } from './library.repository';",
        "import type { DatabaseSchema } from '../../db/schema';",
        "import { LibraryService } from './library.service';",
        "import { NotFoundError } from '../../lib/errors';",
        'export type X = DatabaseSchema;',
        'export const x = [LibraryRepository, LibraryService, NotFoundError];',
        '',
      ].join('\n'),
      '@typescript-eslint/no-restricted-imports',
    );
    expect(found).toHaveLength(2);
    expect(found[0]).toMatch(/A route must not import a repository or db\//);
  });

  it('a service may use its repository', async () => {
    const found = await errors(
      'apps/api/src/modules/library/probe.service.ts',
      "import { LibraryRepository } from './library.repository';\nexport const x = LibraryRepository;\n",
      '@typescript-eslint/no-restricted-imports',
    );
    expect(found).toEqual([]);
  });

  it('the API may not import a workspace it does not declare (the recommender)', async () => {
    const found = await errors(
      'apps/api/src/modules/recommendations/probe.ts',
      "import { FOR_YOU } from '@app/recommender/for-you';\nimport { FOR_YOU as F } from '@app/contracts/for-you';\nexport const x = [FOR_YOU, F];\n",
      'no-restricted-imports',
    );
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(/@app\/recommender is not declared in apps\/api\/package.json/);
  });

  it("a workspace's code may not reach into another's files by a relative path", async () => {
    const found = await errors(
      'apps/api/src/modules/recommendations/probe.ts',
      "import { FOR_YOU } from '../../../../../services/recommender/src/train/signals';\nexport const x = FOR_YOU;\n",
      'import/no-relative-packages',
    );
    expect(found).toHaveLength(1);
  });
});
