import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 90_000,
    // Each file gets its own database; two cores run at most two files at once.
    maxWorkers: 2,
  },
});
