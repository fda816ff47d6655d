#!/usr/bin/env node
// `npm test`: every workspace's tests, one after another, and at the end one summary of what
// failed or passed only on a retry (decision 0044). npm's own `--workspaces` run goes on after a
// failing workspace and ends with the last one's output, so a log's tail could show green
// browser tests above an exit code of 1.
//
// Each test is retried once (TEST_RETRY, 0 = none): a test that fails twice fails the run, and
// one that passed only on its retry is listed as FLAKY in the summary instead of hidden.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, existsSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const retry = process.env.TEST_RETRY ?? '1';
const summaryDir = mkdtempSync(join(tmpdir(), 'test-summary-'));
const summaryFile = join(summaryDir, 'summary.txt');
const reporter = join(root, 'scripts/test/summary-reporter.mjs');
const only = process.argv.slice(2);

const results = [];
for (const workspace of pkg.workspaces) {
  if (only.length && !only.includes(workspace)) continue;
  const manifest = JSON.parse(readFileSync(join(root, workspace, 'package.json'), 'utf8'));
  if (!manifest.scripts?.test) continue;
  const started = Date.now();
  console.log(`\n=== ${workspace}: npm test\n`);
  const run = spawnSync(
    'npm',
    ['run', 'test', '--', '--reporter=default', `--reporter=${reporter}`, `--retry=${retry}`],
    {
      cwd: join(root, workspace),
      stdio: 'inherit',
      env: { ...process.env, TEST_SUMMARY_FILE: summaryFile, TEST_SUMMARY_WORKSPACE: workspace },
    },
  );
  results.push({ workspace, code: run.status ?? 1, seconds: Math.round((Date.now() - started) / 1000) });
}

console.log('\n=== Summary of npm test\n');
for (const r of results) console.log(`${r.code === 0 ? 'ok  ' : 'FAIL'}  ${r.workspace} (${r.seconds} s)`);
const details = existsSync(summaryFile) ? readFileSync(summaryFile, 'utf8').trim() : '';
if (details) console.log(`\n${details}`);
rmSync(summaryDir, { recursive: true, force: true });
const failed = results.filter((r) => r.code !== 0);
console.log(failed.length ? `\n${failed.length} workspace(s) failed.` : '\nEvery workspace passed.');
process.exit(failed.length ? 1 : 0);
