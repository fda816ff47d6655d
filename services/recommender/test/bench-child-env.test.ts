import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { withoutHeapCap } from '../bench/child-env';

/** A node child's V8 heap limit (MB) and whether source maps are on, under `env`. */
const child = (env: NodeJS.ProcessEnv) =>
  JSON.parse(
    execFileSync(
      process.execPath,
      [
        '-e',
        `console.log(JSON.stringify({ mb: require('v8').getHeapStatistics().heap_size_limit / 2 ** 20, maps: process.sourceMapsEnabled }))`,
      ],
      { env, encoding: 'utf8' },
    ),
  ) as { mb: number; maps: boolean };

describe("train-memory's catalog writer", () => {
  it("does not inherit the trainer's heap budget from NODE_OPTIONS, and keeps its other options", () => {
    const env = { ...process.env, NODE_OPTIONS: '--enable-source-maps --max-old-space-size=64' };
    expect(child(env).mb).toBeLessThan(200); // 64 MB old space and the young generation: the budget a child of the bench would inherit
    const freed = child(withoutHeapCap(env));
    expect(freed.mb).toBeGreaterThan(500);
    expect(freed.maps).toBe(true);
  });

  it('drops every spelling of the cap, and NODE_OPTIONS with nothing left', () => {
    for (const cap of ['--max-old-space-size=1024', '--max_old_space_size=1024', '--max-old-space-size 1024'])
      expect(withoutHeapCap({ NODE_OPTIONS: cap, A: '1' })).toEqual({ A: '1' });
    expect(
      withoutHeapCap({ NODE_OPTIONS: '--trace-gc --max-old-space-size=512 --inspect' }).NODE_OPTIONS,
    ).toBe('--trace-gc --inspect');
    expect(withoutHeapCap({})).toEqual({});
  });
});
