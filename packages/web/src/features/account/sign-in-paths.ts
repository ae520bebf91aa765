import type { AccountPortal } from "@repo/validators";

/** Each portal's sign-in page: where "Forgot password" leads back to. */
export const SIGN_IN_PATHS = { client: "/client-auth", staff: "/admin" } as const satisfies Record<
  AccountPortal,
  string
>;

/** The portal named in a URL's ?portal=; the client portal unless it says staff. */
export const portalFromSearch = (search: Record<string, unknown>): { portal: AccountPortal } => ({
  portal: search.portal === "staff" ? "staff" : "client",
});
