// The public subscribe call is rate limited per visitor address and per email address (docs/features.md
// §18): past either limit a 429 with Retry-After and a clear message, no subscriber row and no mail.
import { count, eq, outbox, statusSubscribers } from "@repo/db";
import { describe, expect, it } from "vitest";
import { PUBLIC_LIMITS } from "../auth/rate-limit.js";
import { serverForFile } from "../test/file-server.js";

const { server } = serverForFile([], { config: { TRUST_PROXY: 1 } });

const subscribe = (email: string, from: string) =>
  server.request("/api/status/subscriptions", {
    method: "POST",
    json: { email },
    headers: { "x-forwarded-for": from },
  });
const db = () => server.services.db;
const confirmationsTo = async (email: string) =>
  (await db().select({ n: count() }).from(outbox).where(eq(outbox.to, email)))[0]!.n;
const subscriberRows = async (email: string) =>
  (await db().select({ n: count() }).from(statusSubscribers).where(eq(statusSubscribers.email, email)))[0]!.n;

async function expectRefused(res: Response) {
  expect(res.status).toBe(429);
  expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
  expect(((await res.json()) as { error: string }).error).toMatch(
    /^Too many subscription requests\. Please try again in \d+ minutes?\.$/,
  );
}

describe("POST /api/status/subscriptions limits", () => {
  it(`mails one address at most ${PUBLIC_LIMITS.statusSubscribeEmail.max} times an hour, whatever the network`, async () => {
    const email = "target@example.org";
    for (let i = 0; i < PUBLIC_LIMITS.statusSubscribeEmail.max; i++)
      expect((await subscribe(i % 2 ? email.toUpperCase() : email, `198.51.100.${i + 1}`)).status).toBe(200);
    expect(await confirmationsTo(email)).toBe(PUBLIC_LIMITS.statusSubscribeEmail.max);

    await expectRefused(await subscribe(email, "198.51.100.99"));
    expect(await confirmationsTo(email)).toBe(PUBLIC_LIMITS.statusSubscribeEmail.max);
    // Another address from the same network is still served.
    expect((await subscribe("someone-else@example.org", "198.51.100.99")).status).toBe(200);
  });

  it(`serves one network ${PUBLIC_LIMITS.statusSubscribe.max} asks an hour, then stores and mails nothing`, async () => {
    const from = "203.0.113.50";
    for (let i = 0; i < PUBLIC_LIMITS.statusSubscribe.max; i++)
      expect((await subscribe(`reader${i}@example.org`, from)).status).toBe(200);

    const refused = "one-too-many@example.org";
    await expectRefused(await subscribe(refused, from));
    expect(await subscriberRows(refused)).toBe(0);
    expect(await confirmationsTo(refused)).toBe(0);
    expect((await subscribe(refused, "203.0.113.51")).status).toBe(200);
    expect(await subscriberRows(refused)).toBe(1);
  });
});
