// The client sign-in sequence of docs/product-spec.md §4, in order: clear the stored session and the cached data
// (another company's tickets must never show for a moment), call logout (its
// errors ignored), call login, store token, user and auth_type "client". The screen then waits 200 ms
// and goes to /client-dashboard.
import { clearSession, writeSession, type StoredUser } from "../../lib/auth-storage";

export interface ClientSignInApi {
  /** Drops data cached for whoever used this tab before (the query cache). */
  forgetCachedData(): void;
  logout(): Promise<unknown>;
  login(credentials: { email: string; password: string }): Promise<{ token: string; user: StoredUser }>;
}

export async function signInClient(
  api: ClientSignInApi,
  credentials: { email: string; password: string },
): Promise<StoredUser> {
  clearSession();
  api.forgetCachedData();
  // A stale server session (or a staff cookie) must not outlive the switch to a client account.
  await api.logout().catch(() => undefined);
  const { token, user } = await api.login(credentials);
  writeSession({ token, user, authType: "client" });
  return user;
}
