// A Vitest reporter that appends one line per failed or flaky test to $TEST_SUMMARY_FILE, so
// `npm test` (scripts/test/run-all.mjs) can repeat every failure at the very end of a long run:
// a CI log that keeps only its tail still says what failed and where.
import { appendFileSync } from 'node:fs';
import { relative } from 'node:path';

const firstLine = (text) =>
  String(text ?? '')
    .split('\n')
    .find((l) => l.trim()) ?? '';

export default class SummaryReporter {
  onTestRunEnd(testModules, unhandledErrors) {
    const file = process.env.TEST_SUMMARY_FILE;
    if (!file) return;
    const workspace = process.env.TEST_SUMMARY_WORKSPACE ?? relative(process.cwd(), '.');
    const lines = [];
    for (const mod of testModules) {
      const where = relative(process.cwd(), mod.moduleId);
      for (const error of mod.errors())
        lines.push(`FAIL  ${workspace} ${where}: ${firstLine(error.message)}`);
      for (const test of mod.children.allTests()) {
        const result = test.result();
        const name = `${where} > ${test.fullName}`;
        if (result.state === 'failed') {
          const error = result.errors?.[0];
          lines.push(`FAIL  ${workspace} ${name}: ${firstLine(error?.message)}`);
        } else if (test.diagnostic()?.flaky) {
          // A test that passed on a retry keeps the errors of its failed attempts: the first one
          // says why it failed, so a flaky test's cause is in the log and not only its name.
          const error = result.errors?.[0];
          lines.push(
            `FLAKY ${workspace} ${name} (passed on retry ${test.diagnostic().retryCount})${error ? `: ${firstLine(error.message)}` : ''}`,
          );
        }
      }
    }
    for (const error of unhandledErrors)
      lines.push(`FAIL  ${workspace} unhandled error: ${firstLine(error.message)}`);
    if (lines.length) appendFileSync(file, `${lines.join('\n')}\n`);
  }
}
