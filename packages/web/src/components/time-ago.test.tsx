import { act, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { TimeAgo } from "./time-ago";

describe("TimeAgo", () => {
  afterEach(() => vi.useRealTimers());

  it("says how long ago, gives the exact Toronto time on hover, and moves on with the clock", () => {
    vi.useFakeTimers({ now: new Date("2026-11-20T17:00:00.000Z") });
    render(<TimeAgo iso="2026-11-20T16:55:00.000Z" prefix="Sent" />);
    const time = screen.getByText("Sent 5 min ago");
    expect(time.tagName).toBe("TIME");
    expect(time.getAttribute("dateTime")).toBe("2026-11-20T16:55:00.000Z");
    expect(time.getAttribute("title")).toBe("Nov 20, 2026, 11:55 a.m. EST");

    act(() => vi.advanceTimersByTime(2 * 60 * 60_000));
    expect(screen.getByText("Sent 2 h ago")).toBeTruthy();
  });
});
