import { defineConfig, mergeConfig } from "vitest/config";
import viteConfig from "./vite.config.ts";

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      environment: "happy-dom",
      include: ["src/**/*.test.{ts,tsx}"],
      setupFiles: ["./src/test/setup.ts"],
      // Vitest leaves a core free by default: one worker on a two-core machine. Two took the 53 files
      // from 151 s to 127 s here (most of a file's time is importing Mantine and setting up happy-dom).
      maxWorkers: 2,
      // A test's steps each wait for an event (test/setup.ts); its whole time is only a backstop: vitest's
      // 5 s default cut a four-step test short on a busy machine (it took 18 s at a load average of 12).
      testTimeout: 60_000,
    },
  }),
);
