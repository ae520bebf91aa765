import { cleanup, configure } from "@testing-library/react";
import { afterEach, beforeEach } from "vitest";
import { DESKTOP_WIDTH, setViewportWidth } from "./viewport";

// A findBy* or waitFor waits for its condition, never for a time: the limit only ends a test that would
// wait forever. A portal page renders in a second or so here, but a screen's first, lazy load took 10 s
// at a load average of 12 (a findBy of testing-library's default 1 s failed there, and 4 s were not
// enough at 30), so every file waits up to 20 s (vitest.config.ts gives a whole test 60 s).
configure({ asyncUtilTimeout: 20_000 });

// Each test starts signed out, on a desktop-sized window, with an empty page.
beforeEach(() => {
  setViewportWidth(DESKTOP_WIDTH);
});

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});
