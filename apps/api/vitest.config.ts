import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/helpers/global-setup.ts'],
    // Generous: at load 18 on two cores the OpenAPI fuzz took 31 s (9.6 s quiet). A slow test is
    // not a wrong one; a hang still ends here.
    testTimeout: 90_000,
    hookTimeout: 120_000,
    // Two cores: PGlite and the catalog are heavy; two workers keep the machine responsive.
    maxWorkers: 2,
  },
});
