import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 90_000,
    // Each file gets its own database; two cores run at most two files at once.
    maxWorkers: 2,
    // Files share a worker's module graph instead of importing the whole server afresh: the import is
    // about a third of a small file's time. Nothing a file leaves behind is global: each file starts
    // its own server over its own database (test/file-server.ts).
    isolate: false,
  },
});
