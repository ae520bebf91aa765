// How sign-in attempts are limited (ASVS 5.0 6.3.1, docs/architecture.md "Auth"). Every attempt is counted
// BEFORE its password is checked, with one atomic upsert per counter, so neither a batch of guesses nor
// guesses sent in parallel get more checks than the limit allows. A successful sign-in takes its own count
// back. The counters:
// - per account and address: 5 in 15 minutes. Guessing one account from one place stops there, and only
//   there: the owner elsewhere is not locked out.
// - per address: 30 in 15 minutes, against one place spraying many accounts.
// - per account from addresses it has never signed in from: 50 an hour. This bounds guessing spread over
//   many addresses, while the owner's own addresses (a successful sign-in there in the last 30 days) are
//   exempt, so nobody can lock the owner out from elsewhere.
import type { Database } from "@repo/db";
import { TooManyRequestsError } from "../errors.js";
import { hit, peek, reset, retryAfterSeconds, undo, type Limit } from "./rate-limit.js";

export const LOGIN_LIMITS = {
  accountAddress: { max: 5, windowMs: 15 * 60_000 },
  address: { max: 30, windowMs: 15 * 60_000 },
  accountFromUnknownAddresses: { max: 50, windowMs: 60 * 60_000 },
  /** How long a successful sign-in makes an address known for that account. */
  knownAddress: { max: 1, windowMs: 30 * 24 * 60 * 60_000 },
} satisfies Record<string, Limit>;

export const TOO_MANY_ATTEMPTS = "Too many failed sign-in attempts. Please wait and try again.";

/**
 * Counts one attempt to sign in as `email` from `ip`; past a limit, a 429 before any password is checked.
 * Call the returned `succeeded` once the password proved right.
 */
export async function admitSignIn(db: Database, email: string, ip: string): Promise<{ succeeded(): Promise<void> }> {
  const keys = {
    accountAddress: `login:account-address:${email}:${ip}`,
    address: `login:address:${ip}`,
    account: `login:account:${email}`,
    known: `login:known:${email}:${ip}`,
  };
  const known = (await peek(db, keys.known)) !== null;
  const counters: [string, Limit][] = [
    [keys.accountAddress, LOGIN_LIMITS.accountAddress],
    [keys.address, LOGIN_LIMITS.address],
    ...(known ? [] : [[keys.account, LOGIN_LIMITS.accountFromUnknownAddresses] as [string, Limit]]),
  ];
  for (const [key, limit] of counters) {
    const state = await hit(db, key, limit);
    if (state.count > limit.max) throw new TooManyRequestsError(TOO_MANY_ATTEMPTS, retryAfterSeconds(state));
  }
  return {
    async succeeded() {
      // The failures from this address were most likely the owner's own typos.
      await reset(db, keys.accountAddress);
      for (const [key] of counters.slice(1)) await undo(db, key);
      await hit(db, keys.known, LOGIN_LIMITS.knownAddress);
    },
  };
}
