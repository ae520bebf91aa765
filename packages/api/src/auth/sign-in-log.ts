// The sign-in log (docs/architecture.md §6a): every attempt that named an account, with how it was made
// and how it ended, for staff to read per person. Writing it never fails a sign-in.
import { columnsOf, desc, eq, signInEvents, type DbExecutor } from "@repo/db";
import { isoTimestamp } from "@repo/validators";
import { z } from "zod";
import { log } from "../logger.js";

export type SignInMethod = "password" | "totp" | "recovery_code" | "passkey" | "sso";
export type SignInOutcome = "success" | "failure" | "refused";

export interface SignInEvent {
  userId: string | null;
  email: string;
  method: SignInMethod;
  outcome: SignInOutcome;
  ip?: string | null;
  userAgent?: string | null;
}

export async function recordSignIn(db: DbExecutor, event: SignInEvent): Promise<void> {
  try {
    await db.insert(signInEvents).values({
      userId: event.userId,
      email: event.email.toLowerCase().slice(0, 320),
      method: event.method,
      outcome: event.outcome,
      ipAddress: event.ip ?? null,
      userAgent: event.userAgent?.slice(0, 300) ?? null,
    });
  } catch (error) {
    log.error({ err: error }, "recording a sign-in failed");
  }
}

export const signInEventSchema = z.object({
  id: z.string(),
  outcome: z.string(),
  method: z.string(),
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
  createdAt: isoTimestamp(),
});

const signInColumns = columnsOf(signInEvents, signInEventSchema.keyof().options);

/** The person's last 100 sign-in attempts, newest first. */
export async function signInsOf(db: DbExecutor, userId: string) {
  const rows = await db
    .select(signInColumns)
    .from(signInEvents)
    .where(eq(signInEvents.userId, userId))
    .orderBy(desc(signInEvents.createdAt), desc(signInEvents.id))
    .limit(100);
  return rows.map(({ createdAt, ...event }) => ({ ...event, createdAt: createdAt.toISOString() }));
}
