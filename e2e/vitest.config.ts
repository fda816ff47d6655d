import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    globalSetup: ['./global-setup.ts'],
    testTimeout: 90_000,
    hookTimeout: 180_000,
    // One browser at a time on this 2-core machine; the files still share one running stack.
    fileParallelism: false,
    expect: { poll: { timeout: 10_000, interval: 100 } },
  },
});
