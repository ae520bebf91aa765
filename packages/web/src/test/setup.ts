import { cleanup, configure } from "@testing-library/react";
import { afterEach, beforeEach } from "vitest";
import { settleRenderedRouters } from "./rendered-routers";
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

afterEach(async () => {
  await settleRenderedRouters();
  cleanup();
  window.localStorage.clear();
});

// Unit tests have no server. A file that asserts on data fakes the network (test/fake-api.ts, which
// intercepts before this); elsewhere (the route guards) the app's calls are expected to fail, and fail
// here at once instead of as refused connections that happy-dom logs, dozens a file.
const networkFetch = globalThis.fetch;
globalThis.fetch = (input, init) => {
  const url = new URL(input instanceof Request ? input.url : String(input), window.location.href);
  if (url.origin !== window.location.origin) return networkFetch(input, init);
  return Promise.reject(new TypeError(`Failed to fetch ${url.pathname}: unit tests have no server`));
};
