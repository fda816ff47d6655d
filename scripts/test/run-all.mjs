#!/usr/bin/env node
// `npm test`: every workspace's tests, one after another, and at the end one summary of what
// failed or passed only on a retry (decision 0044). npm's own `--workspaces` run goes on after a
// failing workspace and ends with the last one's output, so a log's tail could show green
// browser tests above an exit code of 1.
//
// Each test is retried once (TEST_RETRY, 0 = none): a test that fails twice fails the run, and
// one that passed only on its retry is listed as FLAKY in the summary instead of hidden.
import { spawn } from 'node:child_process';
import { createWriteStream, mkdtempSync, readFileSync, existsSync, rmSync } from 'node:fs';
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
// Two lanes (TEST_LANES=1: one after another): each takes the next workspace from one queue, the
// long ones first (the browser tests, then the API's), so the short ones fill in beside whichever
// of the two ends first. The catalog's own tests (half a minute) go before the API's: meanwhile
// the browser suite's setup builds the test catalog both suites read, which the API's would
// otherwise build a second time beside it. A workspace prints to the terminal as it runs when no
// other is doing so; otherwise its output is kept in a file and printed, whole, when it ends.
const ORDER = ['e2e', 'packages/catalog', 'apps/api', 'apps/web', 'services/recommender'];
const lanes = process.env.TEST_LANES === '1' ? 1 : 2;

// The last lines a workspace printed, repeated in the summary when it fails without a failed
// test to name (a crashed worker, a killed process, a full disk): a log that keeps only its tail
// still says why.
const TAIL_LINES = 40;

/** One workspace's `npm test`, its output to the terminal or to `log` (a file). */
function runWorkspace(workspace, log) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(
      'npm',
      ['run', 'test', '--', '--reporter=default', `--reporter=${reporter}`, `--retry=${retry}`],
      {
        cwd: join(root, workspace),
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...process.env, TEST_SUMMARY_FILE: summaryFile, TEST_SUMMARY_WORKSPACE: workspace },
      },
    );
    const out = log ? createWriteStream(log) : undefined;
    let tail = '';
    for (const stream of [child.stdout, child.stderr]) {
      stream.on('data', (chunk) => {
        if (out) out.write(chunk);
        else (stream === child.stderr ? process.stderr : process.stdout).write(chunk);
        tail = (tail + String(chunk)).slice(-16_000);
      });
    }
    child.on('close', (code, signal) => {
      const result = {
        workspace,
        code: code ?? 1,
        signal,
        tail: tail.trimEnd().split('\n').slice(-TAIL_LINES).join('\n'),
        seconds: Math.round((Date.now() - started) / 1000),
      };
      // The log is read once the child ends: everything written to it first reaches the file.
      if (out) out.end(() => resolve(result));
      else resolve(result);
    });
  });
}

let printing = false;

/** Runs workspaces from `queue` one after another until it is empty. */
async function runLane(queue) {
  const done = [];
  for (let workspace = queue.shift(); workspace; workspace = queue.shift()) {
    const live = !printing;
    if (live) printing = true;
    const log = live ? undefined : join(summaryDir, `${workspace.replace(/\W/g, '-')}.log`);
    console.log(`\n=== ${workspace}: npm test${log ? ' (beside another; its output when it ends)' : ''}\n`);
    const result = await runWorkspace(workspace, log);
    if (live) printing = false;
    if (log) {
      console.log(`\n=== ${workspace}: output of npm test (${result.seconds} s)\n`);
      console.log(readFileSync(log, 'utf8'));
    }
    done.push(result);
  }
  return done;
}

const rank = (w) => (ORDER.includes(w) ? ORDER.indexOf(w) : ORDER.length);
const queue = pkg.workspaces
  .filter((workspace) => {
    if (only.length && !only.includes(workspace)) return false;
    const manifest = JSON.parse(readFileSync(join(root, workspace, 'package.json'), 'utf8'));
    return Boolean(manifest.scripts?.test);
  })
  .sort((a, b) => rank(a) - rank(b));
const results = (await Promise.all(Array.from({ length: lanes }, () => runLane(queue)))).flat();

console.log('\n=== Summary of npm test\n');
for (const r of results) console.log(`${r.code === 0 ? 'ok  ' : 'FAIL'}  ${r.workspace} (${r.seconds} s)`);
const details = existsSync(summaryFile) ? readFileSync(summaryFile, 'utf8').trim() : '';
if (details) console.log(`\n${details}`);
for (const r of results) {
  if (r.code === 0 || details.split('\n').some((line) => line.includes(` ${r.workspace} `))) continue;
  const how = r.signal ? `was killed by ${r.signal}` : `exited with code ${r.code}`;
  console.log(
    `\nFAIL  ${r.workspace} ${how} without naming a failed test; the end of its output:\n${r.tail}`,
  );
}
rmSync(summaryDir, { recursive: true, force: true });
const failed = results.filter((r) => r.code !== 0);
console.log(failed.length ? `\n${failed.length} workspace(s) failed.` : '\nEvery workspace passed.');
process.exit(failed.length ? 1 : 0);
