// The browser-storage session of docs/product-spec.md §3 ("Browser storage") and the storage-based checks of
// section 6. These checks are only UX: the server authorises every call on its own.
import { roleSchema, type Role } from "@repo/validators";

/** The localStorage keys of the session (docs/product-spec.md §3). */
export const STORAGE_KEYS = { token: "auth_token", user: "user_data", authType: "auth_type" } as const;
/** Which sign-in made the session: the client portal's or the staff portal's. */
export const AUTH_TYPES = { client: "client", admin: "admin" } as const;

export interface StoredUser {
  name: string;
  email: string;
  role: Role;
}

/** What a completed sign-in answers: the session token and its person. */
export interface SignedIn {
  token: string;
  user: StoredUser;
}

/** What a sign-in's 401 carries when a second factor comes next: a code (totp), or setting one up (enrol). */
export interface SecondFactorChallenge {
  challenge: string;
  secondFactor: "totp" | "enrol";
}

/**
 * The challenge of a sign-in refused for its second factor, or null for any other failure: the API
 * answers 401 with `data.secondStep` (docs/decisions/0030), so that a 200 always holds a session.
 */
export function secondFactorChallengeOf(error: unknown): SecondFactorChallenge | null {
  const step = (error as { data?: { secondStep?: Partial<SecondFactorChallenge> } } | null)?.data?.secondStep;
  if (typeof step?.challenge !== "string" || (step.secondFactor !== "totp" && step.secondFactor !== "enrol")) {
    return null;
  }
  return { challenge: step.challenge, secondFactor: step.secondFactor };
}

export type AuthType = (typeof AUTH_TYPES)[keyof typeof AUTH_TYPES];

export interface StoredSession {
  token: string;
  user: StoredUser;
  authType: AuthType;
}

/**
 * Who may use the staff portal: ADMIN and AGENT, and a VIEWER for what it can read (the reports;
 * lib/route-guards.ts keeps each role on its screens of the staff-screen table in @repo/validators, and
 * the server refuses a viewer's every write).
 */
export const STAFF_PORTAL_ROLES: readonly Role[] = ["ADMIN", "AGENT", "VIEWER"];

/** Storage is absent while prerendering, and may throw when the browser blocks it. */
function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function readAuthToken(): string | null {
  return storage()?.getItem(STORAGE_KEYS.token) || null;
}

/** The stored user, or null when missing or not shaped like a user (a hand-edited value must not pass). */
export function readStoredUser(): StoredUser | null {
  const raw = storage()?.getItem(STORAGE_KEYS.user);
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== "object" || value === null) return null;
    const { name, email, role } = value as Record<string, unknown>;
    const parsedRole = roleSchema.safeParse(role);
    if (typeof name !== "string" || typeof email !== "string" || !parsedRole.success) return null;
    return { name, email, role: parsedRole.data };
  } catch {
    return null;
  }
}

export function readAuthType(): AuthType | null {
  const value = storage()?.getItem(STORAGE_KEYS.authType);
  return value === AUTH_TYPES.client || value === AUTH_TYPES.admin ? value : null;
}

export function writeSession({ token, user, authType }: StoredSession): void {
  const store = storage();
  if (!store) return;
  store.setItem(STORAGE_KEYS.token, token);
  store.setItem(STORAGE_KEYS.user, JSON.stringify({ name: user.name, email: user.email, role: user.role }));
  store.setItem(STORAGE_KEYS.authType, authType);
}

/** After a person renames themselves: the headers greet them by the new name. */
export function updateStoredUserName(name: string): void {
  const user = readStoredUser();
  if (user) storage()?.setItem(STORAGE_KEYS.user, JSON.stringify({ ...user, name }));
}

export function clearSession(): void {
  const store = storage();
  if (!store) return;
  store.removeItem(STORAGE_KEYS.token);
  store.removeItem(STORAGE_KEYS.user);
  store.removeItem(STORAGE_KEYS.authType);
}

/**
 * Whose the stored session is: the portal and the person, "" when signed out. It changes when another
 * person or portal signs in, not when the same person gets a new token.
 */
export function storedSessionOwner(): string {
  const user = readStoredUser();
  return readAuthToken() && user ? `${readAuthType() ?? ""}:${user.email}` : "";
}

/**
 * Calls `onChange` when another tab changes the stored session. One browser holds one session, so a
 * sign-in there replaces this tab's (the storage event fires in every tab but the one that wrote).
 */
export function subscribeToSessionChanges(onChange: () => void): () => void {
  const keys: (string | null)[] = [null, ...Object.values(STORAGE_KEYS)];
  const listener = (event: StorageEvent) => {
    if (keys.includes(event.key)) onChange();
  };
  window.addEventListener("storage", listener);
  return () => window.removeEventListener("storage", listener);
}

/** Staff-only routes: a token and a user whose role is ADMIN or AGENT (docs/product-spec.md §6). */
export function hasStaffSession(): boolean {
  const user = readStoredUser();
  return readAuthToken() !== null && user !== null && STAFF_PORTAL_ROLES.includes(user.role);
}

/** Client-only routes: a token and a user whose role is CLIENT (docs/product-spec.md §6). */
export function hasClientSession(): boolean {
  return readAuthToken() !== null && readStoredUser()?.role === "CLIENT";
}
