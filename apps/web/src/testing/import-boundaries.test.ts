// @vitest-environment node
import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';

/**
 * The web app's layers are enforced by `import/no-restricted-paths` (eslint.config.js): these lint
 * real source text at real paths with the repository's own config, so a weakened zone fails here.
 */
const root = fileURLToPath(new URL('../../../../', import.meta.url));
const eslint = new ESLint({ cwd: root });
// Loading ESLint and its plugins takes seconds on a busy machine.
vi.setConfig({ testTimeout: 60_000 });

async function boundaryErrors(file: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: `${root}apps/web/src/${file}` });
  return result!.messages.filter((m) => m.ruleId === 'import/no-restricted-paths').map((m) => m.message);
}

describe('web import boundaries', () => {
  it('shared UI may not import a feature', async () => {
    const errors = await boundaryErrors(
      'components/ui/probe.tsx',
      "import { LibraryCardActions } from '../../features/library/components/card-actions';\nexport const x = LibraryCardActions;\n",
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/Shared code must not import a feature/);
  });

  it('lib may not import a page or the app', async () => {
    const errors = await boundaryErrors(
      'lib/probe.ts',
      "import { AppRoutes } from '../app/router';\nimport Home from '../pages/home';\nexport const x = [AppRoutes, Home];\n",
    );
    expect(errors).toHaveLength(2);
  });

  it('a feature may not import another feature, but may import its own files and shared code', async () => {
    const errors = await boundaryErrors(
      'features/search/components/probe.tsx',
      [
        "import { movieQuery } from '../../movies/api/get-movie';",
        "import { useSuggestions } from '../api/get-suggestions';",
        "import { Artwork } from '../../../components/ui/artwork';",
        'export const x = [movieQuery, useSuggestions, Artwork];',
        '',
      ].join('\n'),
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/A feature must not import another feature/);
  });

  it('a feature may not import a page', async () => {
    const errors = await boundaryErrors(
      'features/library/components/probe.tsx',
      "import Home from '../../../pages/home';\nexport const x = Home;\n",
    );
    expect(errors).toHaveLength(1);
  });

  it('pages compose features freely', async () => {
    const errors = await boundaryErrors(
      'pages/probe.tsx',
      [
        "import { movieQuery } from '../features/movies/api/get-movie';",
        "import { LibraryCardActions } from '../features/library/components/card-actions';",
        'export const x = [movieQuery, LibraryCardActions];',
        '',
      ].join('\n'),
    );
    expect(errors).toEqual([]);
  });
});
