import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/core/**/*.test.ts', 'test/package/**/*.test.ts'],
    environment: 'node',
  },
});
