import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'test/core/**/*.test.ts',
      'test/ai-sdk/**/*.test.ts',
      'test/composer-state/**/*.test.ts',
      'test/package/**/*.test.ts',
      'test/ssr/**/*.test.ts',
      'test/server/**/*.test.ts',
      'test/e2e/**/*.test.ts',
      'test/frameworks/*.test.ts',
      'test/composer-state/**/*.test.ts',
    ],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // A poll waits for a condition (a reply streamed, a menu placed); on a loaded machine one second,
    // the default, is too little for a page to get there. A poll that holds returns at once.
    expect: { poll: { timeout: 10_000 } },
  },
});
