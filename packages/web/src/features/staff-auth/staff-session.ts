// Starting and ending a staff session in the browser (docs/product-spec.md §4, "Session"). The storage itself
// lives in lib/auth-storage; this module adds what the staff portal does around it.
import type { Role } from "@repo/validators";
import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { clearSession, STAFF_PORTAL_ROLES, writeSession, type StoredUser } from "../../lib/auth-storage";
import { showCallFailure } from "../../lib/staff-toasts";
import { trpc } from "../../lib/trpc";

/**
 * The staff portal is for ADMIN and AGENT (docs/product-spec.md §6), and for a VIEWER on the screens it can
 * read (the reports; docs/architecture.md §18).
 */
export function canUseStaffPortal(role: Role): boolean {
  return STAFF_PORTAL_ROLES.includes(role);
}

/** What anyone else is told instead of getting a session the portal's guard would bounce. */
export const STAFF_ACCOUNT_REQUIRED = "The staff portal needs a staff account. Clients sign in at the client portal.";

/** Stores a staff sign-in the way the spec names it: token, user and auth_type "admin". */
export function storeStaffSession(token: string, user: StoredUser): void {
  writeSession({ token, user, authType: "admin" });
}

/**
 * Sign-out: ends the session on the server, then forgets it in the browser and goes to /admin
 * (docs/architecture.md settles the spec's two readings on /admin). The query cache goes too, so the next person
 * at this browser never sees the previous one's tickets.
 */
export function useStaffSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const logout = trpc.auth.logout.useMutation({
    onSuccess: async () => {
      clearSession();
      await navigate({ to: "/admin" });
      // After leaving the portal, so no mounted screen refetches into the emptied cache.
      queryClient.clear();
    },
    onError: (error) => showCallFailure(error, "Logout failed", "Logout failed"),
  });
  return { signOut: () => logout.mutate({}), pending: logout.isPending };
}
