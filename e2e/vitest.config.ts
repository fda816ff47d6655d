import { defineConfig } from 'vitest/config';

const workers = Number(process.env.E2E_WORKERS ?? 2);

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    globalSetup: ['./global-setup.ts'],
    testTimeout: 90_000,
    hookTimeout: 180_000,
    // Two files at a time (E2E_WORKERS): a browser test mostly waits (for the server, the network,
    // animations), so two overlap on this 2-core machine; the files share one running stack, and
    // each browser context is its own visitor and account (tests/browser.ts).
    maxWorkers: workers,
    fileParallelism: workers > 1,
    expect: { poll: { timeout: 10_000, interval: 100 } },
  },
});
