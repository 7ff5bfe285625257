import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.ts'],
    environment: 'happy-dom',
    // Pure-logic tests never wait on time; a generous limit keeps a loaded machine (two CPU
    // hogs beside CI, issue 31) from failing a test that is only slow to start.
    testTimeout: 30_000,
  },
});
