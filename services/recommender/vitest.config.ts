import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/global-tmp.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // One module graph per worker, not per file (as the API's suite): 25 -> 17 CPU-s (docs/testing.md).
    // A file closes the servers it starts and restores what it changes.
    isolate: false,
  },
});
