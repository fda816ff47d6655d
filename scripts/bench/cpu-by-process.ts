/**
 * Where a command's CPU goes, by kind of process: `npx tsx scripts/bench/cpu-by-process.ts --
 * <command…>` runs the command and samples every process on the machine once a second (user +
 * system seconds from /proc), then prints the seconds each kind used while it ran.
 *
 * `time -v` on a test suite misses the browser's renderers: Chromium forks them from its zygote,
 * so no process of the suite waits for them and their CPU is in no one's rusage. Sampling /proc
 * sees them (a process that lives under a second is missed: the figures are a floor).
 * Linux only; the whole machine is sampled, so run it quiet.
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

const TICK = 100; // USER_HZ on Linux
const command = process.argv.slice(process.argv.indexOf('--') + 1);
if (!process.argv.includes('--') || command.length === 0) {
  console.error('usage: tsx scripts/bench/cpu-by-process.ts -- <command> [args…]');
  process.exit(2);
}

function kindOf(cmd: string): string {
  if (cmd === '') return 'kernel threads';
  if (/chrom/.test(cmd)) return `chromium ${/--type=([a-z-]+)/.exec(cmd)?.[1] ?? 'browser'}`;
  if (/recommender\/src\/main|recommender\/dist/.test(cmd)) return 'recommender';
  if (/api\/src\/main|api\/dist|server\.js/.test(cmd)) return 'api';
  if (/pglite/.test(cmd)) return 'pglite worker';
  if (/vitest/.test(cmd)) return 'vitest';
  if (/postgres/.test(cmd)) return 'postgres';
  if (/redis/.test(cmd)) return 'redis';
  if (/esbuild|vite|rolldown/.test(cmd)) return 'build';
  return cmd.split(' ')[0]!.split('/').pop()!;
}

/** CPU seconds so far of each process alive now, keyed by pid and start time. */
const seen = new Map<string, { cpu: number; kind: string }>();
const before = new Map<string, number>();
function sample(into: Map<string, { cpu: number; kind: string }> | Map<string, number>) {
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const key = `${pid}:${f[19]}`;
      const cpu = (Number(f[11]) + Number(f[12])) / TICK;
      if (into === before) before.set(key, cpu);
      else {
        const kind = kindOf(readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ').trim());
        seen.set(key, { cpu, kind });
      }
    } catch {
      /* gone between listing and reading */
    }
  }
}

sample(before);
const started = Date.now();
const child = spawn(command[0]!, command.slice(1), { stdio: 'inherit' });
const timer = setInterval(() => sample(seen), 1000);
child.on('exit', (code) => {
  clearInterval(timer);
  sample(seen);
  const byKind = new Map<string, number>();
  for (const [key, { cpu, kind }] of seen)
    byKind.set(kind, (byKind.get(kind) ?? 0) + cpu - (before.get(key) ?? 0));
  const total = [...byKind.values()].reduce((a, b) => a + b, 0);
  console.log(`\n${((Date.now() - started) / 1000).toFixed(0)} s wall, ${total.toFixed(0)} CPU-s sampled:`);
  for (const [kind, cpu] of [...byKind].sort((a, b) => b[1] - a[1]).filter(([, c]) => c >= 1))
    console.log(`${cpu.toFixed(0).padStart(7)}  ${((100 * cpu) / total).toFixed(0).padStart(3)}%  ${kind}`);
  process.exit(code ?? 1);
});
