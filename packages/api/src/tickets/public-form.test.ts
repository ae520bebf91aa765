// Attack review finding 10: the quote-click counter is rate limited per address like the public forms.
import { describe, expect, it } from "vitest";
import { ctaClicks, eq, sum } from "@repo/db";
import { PUBLIC_LIMITS } from "../auth/rate-limit.js";
import { serverForFile } from "../test/file-server.js";

const { server } = serverForFile([], { config: { TRUST_PROXY: 1 } });

const clicks = async () =>
  Number(
    (
      await server.services.db
        .select({ n: sum(ctaClicks.count) })
        .from(ctaClicks)
        .where(eq(ctaClicks.service, "intune-fast-start"))
    )[0]?.n ?? 0,
  );

describe("POST /api/track", () => {
  it(`counts ${PUBLIC_LIMITS.track.max} clicks per address, then answers 429 and counts nothing`, async () => {
    // As browsers send it: navigator.sendBeacon posts text/plain.
    const beacon = (from: string) =>
      server.request("/api/track", {
        method: "POST",
        body: JSON.stringify({ event: "cta_service_quote", service: "intune-fast-start" }),
        headers: { "content-type": "text/plain", "x-forwarded-for": from },
      });
    for (let i = 0; i < PUBLIC_LIMITS.track.max; i++) expect((await beacon("203.0.113.77")).status).toBe(200);
    const refused = await beacon("203.0.113.77");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await clicks()).toBe(PUBLIC_LIMITS.track.max);
    expect((await beacon("203.0.113.78")).status).toBe(200);
  });
});
