/**
 * Every temporary folder the tests make (models, MovieLens fixtures, signal files) goes under one
 * folder for the run, removed when the run ends: `os.tmpdir()` reads TMPDIR, which the test
 * workers inherit from here.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export default function setup(): () => void {
  const dir = mkdtempSync(join(tmpdir(), 'recommender-tests-'));
  const before = process.env.TMPDIR;
  process.env.TMPDIR = dir;
  return () => {
    if (before === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = before;
    rmSync(dir, { recursive: true, force: true });
  };
}
