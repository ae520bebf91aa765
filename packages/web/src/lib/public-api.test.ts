import { afterEach, describe, expect, it, vi } from "vitest";
import { HttpError, failureMessage, getJson, postJson } from "./public-api";

function answer(status: number, body: string, statusText = "") {
  vi.spyOn(globalThis, "fetch").mockResolvedValue(new Response(body || null, { status, statusText }));
}

describe("public API calls (docs/product-spec.md §8)", () => {
  afterEach(() => vi.restoreAllMocks());

  it("returns the parsed body of an OK response and sends JSON without cookies", async () => {
    answer(200, JSON.stringify({ id: "t1" }));
    expect(await postJson("/api/tickets", { title: "Printer" })).toEqual({ id: "t1" });
    const [, init] = vi.mocked(fetch).mock.calls[0]!;
    expect(init).toMatchObject({ method: "POST", credentials: "omit", body: '{"title":"Printer"}' });
    expect((init!.headers as Record<string, string>)["Content-Type"]).toBe("application/json");
  });

  it("raises '{status}: {body text}' for a non-OK response", async () => {
    answer(500, "Database unavailable");
    await expect(postJson("/api/contact", {})).rejects.toThrow(new HttpError(500, "500: Database unavailable"));
  });

  it("uses the status text when the body is empty", async () => {
    answer(503, "", "Service Unavailable");
    await expect(getJson("/api/admin/clients")).rejects.toThrow("503: Service Unavailable");
  });

  it("reads the server's sentence from a JSON error body", async () => {
    answer(429, JSON.stringify({ error: "Too many submissions from your network.", code: "TOO_MANY_REQUESTS" }));
    await expect(postJson("/api/contact", {})).rejects.toThrow("429: Too many submissions from your network.");
  });

  it("falls back to the generic sentence only when an error has no message", () => {
    expect(failureMessage(new Error("500: boom"))).toBe("500: boom");
    expect(failureMessage(new Error(""))).toBe("Something went wrong. Please try again.");
    expect(failureMessage("nope")).toBe("Something went wrong. Please try again.");
  });
});
