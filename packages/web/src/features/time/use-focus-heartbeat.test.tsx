import { renderHook } from "@testing-library/react";
import { FOCUS_HEARTBEAT_MS } from "@repo/validators";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { LiveSendContext } from "../../lib/live-updates";
import { useFocusHeartbeat } from "./use-focus-heartbeat";

const TICKET = "01a22097-2824-74ba-bb4f-c9d1da8aadfb";
const beat = JSON.stringify({ type: "focus", ticketId: TICKET });

function setup(open = true) {
  const sent: string[] = [];
  let socketOpen = open;
  const send = vi.fn((message: string) => {
    if (!socketOpen) return false;
    sent.push(message);
    return true;
  });
  const wrapper = ({ children }: { children: ReactNode }) => <LiveSendContext value={send}>{children}</LiveSendContext>;
  const hook = renderHook(({ id }) => useFocusHeartbeat(id), {
    wrapper,
    initialProps: { id: TICKET as string | undefined },
  });
  return { sent, hook, openSocket: () => (socketOpen = true) };
}

let focused = true;
beforeEach(() => {
  vi.useFakeTimers();
  focused = true;
  vi.spyOn(document, "hasFocus").mockImplementation(() => focused);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("useFocusHeartbeat", () => {
  it("beats at once and then every heartbeat interval while the page has focus", () => {
    const { sent } = setup();
    expect(sent).toEqual([beat]);
    vi.advanceTimersByTime(FOCUS_HEARTBEAT_MS * 2);
    expect(sent).toEqual([beat, beat, beat]);
  });

  it("sends nothing while another window or application has focus, and beats on coming back", () => {
    focused = false;
    const { sent } = setup();
    vi.advanceTimersByTime(FOCUS_HEARTBEAT_MS * 3);
    expect(sent).toEqual([]);
    focused = true;
    window.dispatchEvent(new Event("focus"));
    expect(sent).toEqual([beat]);
  });

  it("tries again soon when the socket is not open yet", () => {
    const { sent, openSocket } = setup(false);
    openSocket();
    vi.advanceTimersByTime(2000);
    expect(sent).toEqual([beat]);
  });

  it("stops when the page closes", () => {
    const { sent, hook } = setup();
    hook.unmount();
    vi.advanceTimersByTime(FOCUS_HEARTBEAT_MS * 3);
    expect(sent).toEqual([beat]);
  });
});
