// Passkeys (WebAuthn, with @simplewebauthn/server): a person registers one or more in My account, and a
// passkey then signs them in on its own, in place of the password and the code (it is both: something
// they have, unlocked by something they are or know). It counts as both only when the authenticator says
// it verified the person (the UV flag: fingerprint, face or PIN), so every ceremony asks for
// `userVerification: "required"` and every answer is checked with `requireUserVerification`; a touch
// alone (UP) is refused. Credentials are discoverable, so the sign-in page asks for no email first.
// Challenges are single use and live 5 minutes.
//
// The relying party is the site's public address (PUBLIC_URL). Without it (development, tests) the
// request's own Host is used; in production that would let a look-alike site that proxies our API pass
// its own name, so production refuses passkeys until PUBLIC_URL is set.
import {
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from "@simplewebauthn/server";
import { z } from "zod";
import { isoTimestamp } from "@repo/validators";
import { and, desc, eq, gt, isNull, passkeyChallenges, passkeys, type Database, type DbExecutor } from "@repo/db";
import { ConflictError, InvalidError, UnauthorizedError } from "../errors.js";
import type { Context } from "../context.js";
import { deleteExpiredRows } from "../lib/expired-rows.js";
import { readIdentity } from "../site-content/published.js";
import { type AddedFromOrigin, addedFromColumns, mailFactorAdded } from "./factor-mail.js";

export const PASSKEY_CHALLENGE_TTL_MS = 5 * 60_000;
export const PASSKEY_REFUSED = "This passkey could not be verified. Please try again.";
export const PASSKEY_UNVERIFIED =
  "This passkey did not confirm it is you. Unlock it with your fingerprint, face or PIN and try again.";

/** The library's refusal of an answer without the UV flag, in the person's words; any other is PASSKEY_REFUSED. */
const refusalOf = (error: unknown) =>
  error instanceof Error && /user verification/i.test(error.message) ? PASSKEY_UNVERIFIED : PASSKEY_REFUSED;

export interface RelyingParty {
  rpID: string;
  origin: string;
}

/** Who the passkeys belong to: the public address, or (outside production) the address asked. */
export function relyingParty(ctx: Pick<Context, "config" | "headers">): RelyingParty {
  const base = ctx.config.PUBLIC_URL;
  if (base) {
    const url = new URL(base);
    return { rpID: url.hostname, origin: url.origin };
  }
  if (ctx.config.NODE_ENV === "production") throw new ConflictError("Passkeys need PUBLIC_URL to be set");
  const host = ctx.headers.get("host") ?? "localhost";
  const origin = ctx.headers.get("origin") ?? `http://${host}`;
  return { rpID: host.replace(/:\d+$/, ""), origin };
}

const base64url = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64url");

/** Stores a challenge; `userId` when registering. */
async function keepChallenge(db: DbExecutor, challenge: string, userId: string | null): Promise<void> {
  await db
    .insert(passkeyChallenges)
    .values({ id: challenge, userId, expiresAt: new Date(Date.now() + PASSKEY_CHALLENGE_TTL_MS) });
}

/** Spends a challenge once: true when it was ours, live, and for this purpose. */
async function spendChallenge(db: DbExecutor, challenge: string, userId: string | null): Promise<boolean> {
  const spent = await db
    .delete(passkeyChallenges)
    .where(
      and(
        eq(passkeyChallenges.id, challenge),
        gt(passkeyChallenges.expiresAt, new Date()),
        userId ? eq(passkeyChallenges.userId, userId) : isNull(passkeyChallenges.userId),
      ),
    )
    .returning();
  return spent.length === 1;
}

export async function registrationOptions(
  db: DbExecutor,
  rp: RelyingParty,
  user: { id: string; email: string; name: string },
) {
  const existing = await db
    .select({ id: passkeys.id, transports: passkeys.transports })
    .from(passkeys)
    .where(eq(passkeys.userId, user.id));
  const options = await generateRegistrationOptions({
    // The published name: what the person's passkey manager shows beside the key.
    rpName: (await readIdentity(db)).name,
    rpID: rp.rpID,
    userName: user.email,
    userDisplayName: user.name,
    userID: new TextEncoder().encode(user.id),
    attestationType: "none",
    excludeCredentials: existing.map((p) => ({ id: p.id, transports: (p.transports ?? undefined) as never })),
    authenticatorSelection: { residentKey: "required", userVerification: "required" },
  });
  await keepChallenge(db, options.challenge, user.id);
  return options;
}

export async function registerPasskey(
  db: DbExecutor,
  rp: RelyingParty,
  userId: string,
  input: { response: RegistrationResponseJSON; name: string },
  origin: AddedFromOrigin = {},
): Promise<{ id: string; name: string }> {
  let refusal = PASSKEY_REFUSED;
  const verification = await verifyRegistrationResponse({
    response: input.response,
    expectedChallenge: (challenge) => spendChallenge(db, challenge, userId),
    expectedOrigin: rp.origin,
    expectedRPID: rp.rpID,
    requireUserVerification: true,
  }).catch((error: unknown) => {
    refusal = refusalOf(error);
    return { verified: false as const };
  });
  if (!verification.verified) throw new InvalidError(refusal);
  const { credential } = verification.registrationInfo;
  await db.insert(passkeys).values({
    id: credential.id,
    userId,
    publicKey: base64url(credential.publicKey),
    counter: credential.counter,
    transports: credential.transports ?? null,
    name: input.name,
    ...addedFromColumns(origin),
  });
  await mailFactorAdded(db, userId, { kind: "passkey", name: input.name }, origin);
  return { id: credential.id, name: input.name };
}

/** A passkey as My account lists it. */
export const passkeySchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: isoTimestamp(),
  lastUsedAt: isoTimestamp().nullable(),
  /** Where it was added from; null for passkeys added before this was kept. */
  addedIp: z.string().nullable(),
  addedUserAgent: z.string().nullable(),
});

/** The person's passkeys, newest first. */
export async function passkeysOf(db: DbExecutor, userId: string): Promise<z.infer<typeof passkeySchema>[]> {
  const rows = await db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(desc(passkeys.createdAt));
  return rows.map((p) => ({
    id: p.id,
    name: p.name,
    createdAt: p.createdAt.toISOString(),
    lastUsedAt: p.lastUsedAt?.toISOString() ?? null,
    addedIp: p.addedIp,
    addedUserAgent: p.addedUserAgent,
  }));
}

/**
 * Options for signing with a passkey: anyone's (a sign-in), or with `userId` one of that person's own
 * (proving it is them again, for sudo mode), the challenge then kept for them alone.
 */
export async function authenticationOptions(db: DbExecutor, rp: RelyingParty, userId: string | null = null) {
  const own = userId
    ? await db
        .select({ id: passkeys.id, transports: passkeys.transports })
        .from(passkeys)
        .where(eq(passkeys.userId, userId))
    : null;
  const options = await generateAuthenticationOptions({
    rpID: rp.rpID,
    userVerification: "required",
    ...(own
      ? { allowCredentials: own.map((p) => ({ id: p.id, transports: (p.transports ?? undefined) as never })) }
      : {}),
  });
  await keepChallenge(db, options.challenge, userId);
  return options;
}

/**
 * Verifies a passkey's answer; returns whose passkey it was. With `userId`, only that person's passkey
 * and a challenge kept for them count (sudo mode); without, a sign-in's.
 */
export async function authenticateWithPasskey(
  db: Database,
  rp: RelyingParty,
  response: AuthenticationResponseJSON,
  userId: string | null = null,
): Promise<string> {
  const [passkey] = await db.select().from(passkeys).where(eq(passkeys.id, response.id));
  if (!passkey || (userId && passkey.userId !== userId)) throw new UnauthorizedError(PASSKEY_REFUSED);
  let refusal = PASSKEY_REFUSED;
  const verification = await verifyAuthenticationResponse({
    response,
    expectedChallenge: (challenge) => spendChallenge(db, challenge, userId),
    expectedOrigin: rp.origin,
    expectedRPID: rp.rpID,
    credential: {
      id: passkey.id,
      publicKey: new Uint8Array(Buffer.from(passkey.publicKey, "base64url")),
      counter: passkey.counter,
      transports: (passkey.transports ?? undefined) as never,
    },
    requireUserVerification: true,
  }).catch((error: unknown) => {
    refusal = refusalOf(error);
    return { verified: false as const };
  });
  if (!verification.verified) throw new UnauthorizedError(refusal);
  await db
    .update(passkeys)
    .set({ counter: verification.authenticationInfo.newCounter, lastUsedAt: new Date() })
    .where(eq(passkeys.id, passkey.id));
  return passkey.userId;
}

/** Drops challenges past their 5 minutes (the housekeeping timer). */
export const deleteExpiredPasskeyChallenges = (db: Database, now = new Date()) =>
  deleteExpiredRows(db, passkeyChallenges, passkeyChallenges.expiresAt, now);
