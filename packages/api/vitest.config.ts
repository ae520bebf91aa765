import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    // A timeout catches a hang; it measures nothing (timings live in bench/). On a shared machine at a load
    // of 10 or more, the heaviest tests (ten thousand rows into PGlite) take several times their idle time.
    testTimeout: 90_000,
    hookTimeout: 90_000,
    // Each file gets its own database; two cores run at most two files at once.
    maxWorkers: 2,
    // Files share a worker's module graph instead of importing the whole server afresh: the import is
    // about a third of a small file's time. Nothing a file leaves behind is global: each file starts
    // its own server over its own database (test/file-server.ts).
    isolate: false,
  },
});
