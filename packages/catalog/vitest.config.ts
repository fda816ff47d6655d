import { defineConfig } from 'vitest/config';

// Generous limits: on a loaded CI machine a slow test is not a wrong one.
export default defineConfig({
  test: { include: ['test/**/*.test.ts', 'src/**/*.test.ts'], testTimeout: 30_000, hookTimeout: 60_000 },
});
