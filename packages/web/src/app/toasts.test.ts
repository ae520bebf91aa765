import { describe, expect, it } from "vitest";
import { TOASTS } from "../lib/ui-constants";
import { keepNewestToast } from "./toasts";

// The store's order: priority first, then the order the toasts were shown.
type Toast = { title: string; priority?: number };
const own = (title: string): Toast => ({ title });
const live = (title: string): Toast => ({ title, priority: TOASTS.livePriority });

describe("which toast shows", () => {
  it("is the newest, so a failure never waits behind the message before it", () => {
    expect(keepNewestToast([own("Login failed"), own("Login successful")])).toEqual([own("Login successful")]);
  });

  it("is a person's own confirmation over a live message, whichever came first", () => {
    expect(keepNewestToast([own("Ticket created"), live("Ticket Updated")])).toEqual([own("Ticket created")]);
  });

  it("is the newest live message when nothing else shows", () => {
    expect(keepNewestToast([live("Ticket Updated"), live("Ticket Updated again")])).toEqual([
      live("Ticket Updated again"),
    ]);
  });
});
