import { cleanup } from "@testing-library/react";
import { afterEach, beforeEach } from "vitest";
import { DESKTOP_WIDTH, setViewportWidth } from "./viewport";

// Each test starts signed out, on a desktop-sized window, with an empty page.
beforeEach(() => {
  setViewportWidth(DESKTOP_WIDTH);
});

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});
