// Enrolment tokens (docs/features.md §12): a company's credential for its check-in scripts. The token is
// shown once, in the create answer; the database keeps its SHA-256 as it keeps session tokens, so a
// stolen backup holds no usable token. A revoked token is refused at once; use stamps last used.
import { randomBytes } from "node:crypto";
import { and, type DbExecutor, deviceEnrolmentTokens, desc, eq, isNull, lt, or, preparedQuery, sql } from "@repo/db";
import type { EnrolmentToken } from "@repo/validators";
import { hashSecret } from "../auth/session.js";
import { assertClientExists } from "../tickets/service.js";
import type { StaffScope } from "../auth/scope.js";
import { NotFoundError, UnauthorizedError } from "../errors.js";

/** The prefix tells a person (and a secret scanner) what the string is. */
const PREFIX = "ckin_";
const LAST_USED_PRECISION_MS = 60_000;

type TokenRow = typeof deviceEnrolmentTokens.$inferSelect;

const serialize = (row: TokenRow): EnrolmentToken => ({
  id: row.id,
  clientId: row.clientId,
  label: row.label,
  createdAt: row.createdAt.toISOString(),
  revokedAt: row.revokedAt?.toISOString() ?? null,
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
});

export async function createEnrolmentToken(
  db: DbExecutor,
  scope: StaffScope,
  args: { clientId: string; label: string; createdBy: string },
): Promise<EnrolmentToken & { secret: string }> {
  await assertClientExists(db, scope, args.clientId);
  const secret = PREFIX + randomBytes(24).toString("base64url");
  const [row] = await db
    .insert(deviceEnrolmentTokens)
    .values({ clientId: args.clientId, label: args.label, secretHash: hashSecret(secret), createdBy: args.createdBy })
    .returning();
  return { ...serialize(row!), secret };
}

export async function listEnrolmentTokens(db: DbExecutor, clientId: string): Promise<EnrolmentToken[]> {
  const rows = await db
    .select()
    .from(deviceEnrolmentTokens)
    .where(eq(deviceEnrolmentTokens.clientId, clientId))
    .orderBy(desc(deviceEnrolmentTokens.createdAt), desc(deviceEnrolmentTokens.id));
  return rows.map(serialize);
}

/** Revokes a token; revoking one already revoked keeps its first revocation time. */
export async function revokeEnrolmentToken(db: DbExecutor, id: string, now = new Date()): Promise<EnrolmentToken> {
  await db
    .update(deviceEnrolmentTokens)
    .set({ revokedAt: now })
    .where(and(eq(deviceEnrolmentTokens.id, id), isNull(deviceEnrolmentTokens.revokedAt)));
  const [row] = await db.select().from(deviceEnrolmentTokens).where(eq(deviceEnrolmentTokens.id, id));
  if (!row) throw new NotFoundError("Enrolment token not found");
  return serialize(row);
}

// Built once: every device check-in starts with it (docs/performance.md §5).
const liveToken = preparedQuery("enrolment_token_live", (db) =>
  db
    .select({
      tokenId: deviceEnrolmentTokens.id,
      clientId: deviceEnrolmentTokens.clientId,
      lastUsedAt: deviceEnrolmentTokens.lastUsedAt,
    })
    .from(deviceEnrolmentTokens)
    .where(and(eq(deviceEnrolmentTokens.secretHash, sql.placeholder("hash")), isNull(deviceEnrolmentTokens.revokedAt))),
);

/**
 * The company a presented token enrols into; 401 for a token unknown or revoked. Stamps last used at
 * most once a minute: a whole fleet shares one token, and an UPDATE of its row on every check-in would
 * make every check-in of a burst wait for that row's lock.
 */
export async function enrolmentOf(
  db: DbExecutor,
  presented: string | null,
  now = new Date(),
): Promise<{ tokenId: string; clientId: string }> {
  // Built only when thrown: an error captures its stack, which a fleet's every check-in would pay for.
  const refused = () => new UnauthorizedError("A valid, unrevoked enrolment token is required");
  if (!presented?.startsWith(PREFIX) || presented.length > 100) throw refused();
  const [row] = await liveToken(db, { hash: hashSecret(presented) });
  if (!row) throw refused();
  const staleBefore = new Date(now.getTime() - LAST_USED_PRECISION_MS);
  if (!row.lastUsedAt || row.lastUsedAt < staleBefore) {
    await db
      .update(deviceEnrolmentTokens)
      .set({ lastUsedAt: now })
      .where(
        and(
          eq(deviceEnrolmentTokens.id, row.tokenId),
          or(isNull(deviceEnrolmentTokens.lastUsedAt), lt(deviceEnrolmentTokens.lastUsedAt, staleBefore)),
        ),
      );
  }
  return { tokenId: row.tokenId, clientId: row.clientId };
}

/** Whether `presented` is a live token of `clientId` (the script download's check); stamps nothing. */
export async function isLiveTokenOf(db: DbExecutor, clientId: string, presented: string): Promise<boolean> {
  const [row] = await db
    .select({ id: deviceEnrolmentTokens.id })
    .from(deviceEnrolmentTokens)
    .where(
      and(
        eq(deviceEnrolmentTokens.secretHash, hashSecret(presented)),
        eq(deviceEnrolmentTokens.clientId, clientId),
        isNull(deviceEnrolmentTokens.revokedAt),
      ),
    );
  return Boolean(row);
}
