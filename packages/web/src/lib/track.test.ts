import { afterEach, describe, expect, it, vi } from "vitest";
import { TRACK_ENDPOINT, trackQuoteClick } from "./track";

describe("trackQuoteClick", () => {
  afterEach(() => vi.restoreAllMocks());

  it("dispatches the window track event and sends the click as a text/plain beacon", async () => {
    const events: unknown[] = [];
    const listener = (event: Event) => events.push((event as CustomEvent).detail);
    window.addEventListener("track", listener);
    const sendBeacon = vi.fn(() => true);
    Object.defineProperty(navigator, "sendBeacon", { value: sendBeacon, configurable: true });

    trackQuoteClick("cloud-migration-lite");

    window.removeEventListener("track", listener);
    expect(events).toEqual([{ event: "cta_service_quote", service: "cloud-migration-lite" }]);
    expect(sendBeacon).toHaveBeenCalledTimes(1);
    const [url, body] = sendBeacon.mock.calls[0] as unknown as [string, Blob];
    expect(url).toBe(TRACK_ENDPOINT);
    expect(body.type).toBe("text/plain");
    expect(JSON.parse(await body.text())).toEqual({ event: "cta_service_quote", service: "cloud-migration-lite" });
  });

  it("never throws when the beacon cannot be sent", () => {
    Object.defineProperty(navigator, "sendBeacon", {
      value: () => {
        throw new TypeError("blocked");
      },
      configurable: true,
    });
    expect(() => trackQuoteClick("device-management")).not.toThrow();
  });
});
