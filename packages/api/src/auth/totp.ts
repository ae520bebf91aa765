// Two-factor sign-in with an authenticator app (TOTP, RFC 6238: 6 digits, 30-second steps) and ten
// single-use recovery codes (docs/architecture.md §6a). Built on @oslojs/otp, in keeping with the Lucia
// guide our sessions follow. A code is accepted for the step before, the current and the next one (clocks
// drift), and never twice: the step of the last accepted code is kept, and no older or equal step counts.
import { timingSafeEqual } from "node:crypto";
import { encodeBase32LowerCaseNoPadding, encodeBase32UpperCaseNoPadding } from "@oslojs/encoding";
import { createTOTPKeyURI, generateHOTP } from "@oslojs/otp";
import {
  and,
  eq,
  hashPassword,
  isNotNull,
  isNull,
  recoveryCodes,
  totpFactors,
  verifyPassword,
  type DbExecutor,
} from "@repo/db";
import { renderSVG } from "uqr";
import { ConflictError, InvalidError } from "../errors.js";
import { readIdentity } from "../site-content/published.js";
import { type AddedFromOrigin, addedFromColumns, mailFactorAdded } from "./factor-mail.js";

export const TOTP = { periodSeconds: 30, digits: 6, driftSteps: 1 };
export const RECOVERY_CODE_COUNT = 10;

const randomBytes = (n: number) => crypto.getRandomValues(new Uint8Array(n));
const stepAt = (now: Date) => Math.floor(now.getTime() / 1000 / TOTP.periodSeconds);

function sameCode(a: string, b: string): boolean {
  return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

/** Whether the person signs in with a second factor. */
export async function hasSecondFactor(db: DbExecutor, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: totpFactors.userId })
    .from(totpFactors)
    .where(and(eq(totpFactors.userId, userId), isNotNull(totpFactors.enabledAt)));
  return Boolean(row);
}

export interface TotpEnrolment {
  /** The key in base32, for typing into an app by hand. */
  secret: string;
  /** The otpauth:// URI the QR code holds. */
  uri: string;
  /** The QR code as an SVG document. */
  qrSvg: string;
}

/** A new key, waiting for the person to confirm it with a code; replaces an unconfirmed one. */
export async function startTotpEnrolment(db: DbExecutor, user: { id: string; email: string }): Promise<TotpEnrolment> {
  if (await hasSecondFactor(db, user.id)) throw new ConflictError("Two-factor sign-in is already on");
  const key = randomBytes(20);
  const stored = Buffer.from(key).toString("base64");
  await db
    .insert(totpFactors)
    .values({ userId: user.id, key: stored })
    .onConflictDoUpdate({
      target: totpFactors.userId,
      set: { key: stored, lastUsedStep: null, createdAt: new Date() },
    });
  // The issuer is the published name: what the authenticator app shows beside the codes.
  const uri = createTOTPKeyURI((await readIdentity(db)).name, user.email, key, TOTP.periodSeconds, TOTP.digits);
  return { secret: encodeBase32UpperCaseNoPadding(key), uri, qrSvg: renderSVG(uri) };
}

/**
 * Checks a code against the person's key (confirmed, or pending when `pending`) and spends its step.
 * Pass the caller's transaction: the key row is locked, so two requests cannot spend one code.
 */
export async function acceptTotpCode(
  tx: DbExecutor,
  userId: string,
  code: string,
  { pending = false, now = new Date() }: { pending?: boolean; now?: Date } = {},
): Promise<boolean> {
  if (!/^\d{6}$/.test(code)) return false;
  const [factor] = await tx
    .select()
    .from(totpFactors)
    .where(
      and(eq(totpFactors.userId, userId), pending ? isNull(totpFactors.enabledAt) : isNotNull(totpFactors.enabledAt)),
    )
    .for("update");
  if (!factor) return false;
  const key = new Uint8Array(Buffer.from(factor.key, "base64"));
  const current = stepAt(now);
  for (let step = current - TOTP.driftSteps; step <= current + TOTP.driftSteps; step++) {
    if (factor.lastUsedStep !== null && step <= factor.lastUsedStep) continue;
    if (sameCode(generateHOTP(key, BigInt(step), TOTP.digits), code)) {
      await tx.update(totpFactors).set({ lastUsedStep: step }).where(eq(totpFactors.userId, userId));
      return true;
    }
  }
  return false;
}

/**
 * Confirms enrolment with a first code; returns the recovery codes, shown this once. Where it came from
 * is kept with the factor and named in the mail to the account's owner.
 */
export async function confirmTotpEnrolment(
  db: DbExecutor,
  userId: string,
  code: string,
  origin: AddedFromOrigin = {},
): Promise<string[]> {
  return db.transaction(async (tx) => {
    if (!(await acceptTotpCode(tx, userId, code, { pending: true }))) {
      throw new InvalidError("That code is not right. Check the time on your phone and try the newest code.");
    }
    await tx
      .update(totpFactors)
      .set({ enabledAt: new Date(), ...addedFromColumns(origin) })
      .where(eq(totpFactors.userId, userId));
    await mailFactorAdded(tx, userId, { kind: "totp" }, origin);
    return newRecoveryCodes(tx, userId);
  });
}

/** The person's authenticator app as My account lists it: when and from where it was added, or null. */
export async function totpFactorOf(db: DbExecutor, userId: string) {
  const [row] = await db
    .select({
      enabledAt: totpFactors.enabledAt,
      addedIp: totpFactors.addedIp,
      addedUserAgent: totpFactors.addedUserAgent,
    })
    .from(totpFactors)
    .where(and(eq(totpFactors.userId, userId), isNotNull(totpFactors.enabledAt)));
  return row
    ? { addedAt: row.enabledAt!.toISOString(), addedIp: row.addedIp, addedUserAgent: row.addedUserAgent }
    : null;
}

/** Turns two-factor sign-in off: the key and the recovery codes go. True when an app was on. */
export async function removeSecondFactor(db: DbExecutor, userId: string): Promise<boolean> {
  const removed = await db
    .delete(totpFactors)
    .where(eq(totpFactors.userId, userId))
    .returning({ enabledAt: totpFactors.enabledAt });
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  return removed.some((r) => r.enabledAt !== null);
}

/** "abcde-fghij": what people type; case, spaces and dashes do not matter. */
const normalizeRecoveryCode = (code: string) => code.toLowerCase().replace(/[^a-z2-7]/g, "");

/**
 * Replaces the person's recovery codes with ten new ones, returned in the clear this once. A code holds
 * 50 random bits: short enough to type, too few for a plain hash (ASVS 5.0 6.5.2), so each is stored
 * the way passwords are, with argon2id and its own salt.
 */
export async function newRecoveryCodes(db: DbExecutor, userId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const raw = encodeBase32LowerCaseNoPadding(randomBytes(7)).slice(0, 10);
    return `${raw.slice(0, 5)}-${raw.slice(5)}`;
  });
  const hashes = await Promise.all(codes.map((code) => hashPassword(normalizeRecoveryCode(code))));
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await db.insert(recoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash })));
  return codes;
}

/**
 * Spends one recovery code; false when it is not one of the person's unused codes. The unused codes are
 * locked while they are checked, so one code cannot be spent twice at once.
 */
export async function spendRecoveryCode(db: DbExecutor, userId: string, code: string): Promise<boolean> {
  const normalized = normalizeRecoveryCode(code);
  if (normalized.length !== 10) return false;
  const unused = await db
    .select({ id: recoveryCodes.id, codeHash: recoveryCodes.codeHash })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)))
    .for("update");
  for (const row of unused) {
    if (await verifyPassword(row.codeHash, normalized)) {
      await db.update(recoveryCodes).set({ usedAt: new Date() }).where(eq(recoveryCodes.id, row.id));
      return true;
    }
  }
  return false;
}

/** How many unused recovery codes the person has left. */
export async function recoveryCodesLeft(db: DbExecutor, userId: string): Promise<number> {
  const rows = await db
    .select({ id: recoveryCodes.id })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return rows.length;
}
