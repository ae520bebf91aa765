// Browser tests: Node environment. Each file starts its own server (over its own database) and Chromium,
// so files share nothing; two run at once, because a browser test mostly waits (for a page to render, a
// socket, a debounce): run one at a time, the suite kept the two cores 70% idle.
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["e2e/**/*.e2e.ts"],
    environment: "node",
    maxWorkers: 2,
    // Files share a worker's module graph rather than re-importing the server and playwright per file.
    isolate: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // A poll waits for a page to catch up (a refetch, a socket event); vitest's 1 s default is shorter
    // than a render takes on a busy two-core CI machine, where Playwright's own waits allow 30 s.
    expect: { poll: { timeout: 10_000 } },
  },
});
