// The client sign-in sequence of docs/product-spec.md §4, in order: clear the stored session and the cached data
// (another company's tickets must never show for a moment), call logout (its
// errors ignored), call login, store token, user and auth_type "client". The screen then waits 200 ms
// and goes to /client-dashboard.
import {
  clearSession,
  secondFactorChallengeOf,
  type SecondFactorChallenge,
  type SignedIn,
  type StoredUser,
  writeSession,
} from "../../lib/auth-storage";

export interface ClientSignInApi {
  /** Drops data cached for whoever used this tab before (the query cache). */
  forgetCachedData(): void;
  logout(): Promise<unknown>;
  /** A session; a person with two factors gets a 401 that carries the challenge instead. */
  login(credentials: { email: string; password: string }): Promise<SignedIn>;
}

export async function signInClient(
  api: ClientSignInApi,
  credentials: { email: string; password: string },
): Promise<{ user: StoredUser } | SecondFactorChallenge> {
  clearSession();
  api.forgetCachedData();
  // A stale server session (or a staff cookie) must not outlive the switch to a client account.
  await api.logout().catch(() => undefined);
  let answer: SignedIn;
  try {
    answer = await api.login(credentials);
  } catch (error) {
    const challenge = secondFactorChallengeOf(error);
    if (challenge) return challenge;
    throw error;
  }
  return { user: storeClientSession(answer) };
}

/** Stores the session as docs/product-spec.md §4 says: token, user and auth_type "client". */
export function storeClientSession({ token, user }: SignedIn): StoredUser {
  writeSession({ token, user, authType: "client" });
  return user;
}
