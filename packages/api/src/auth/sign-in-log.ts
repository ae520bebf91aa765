// The sign-in log (docs/architecture.md §6a): every attempt that named an account, with how it was made
// and how it ended, for staff to read per person. Writing it never fails a sign-in.
import { signInEvents, type DbExecutor } from "@repo/db";
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
