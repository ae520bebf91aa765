import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useEffect, useRef } from "react";
import { clearSession } from "./auth-storage";
import { httpStatus } from "./server-message";
import { showFailure } from "./staff-toasts";

/**
 * docs/product-spec.md §6 and §8: a 401 on a staff call means the stored session is dead (expired, signed out
 * elsewhere, user deactivated), so the portal says "Authentication required" and goes to /admin. One
 * watcher over every query and mutation of the portal, rather than the same check in each screen; the
 * dead token is forgotten too, or the storage-based guard would keep letting the browser in.
 */
export function useSessionExpiry() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const handled = useRef(false);

  useEffect(() => {
    const onError = (error: unknown) => {
      if (handled.current || httpStatus(error) !== 401) return;
      handled.current = true;
      clearSession();
      showFailure("Authentication required");
      void navigate({ to: "/admin", replace: true }).then(() => queryClient.clear());
    };
    const unsubscribeQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === "updated" && event.action.type === "error") onError(event.action.error);
    });
    const unsubscribeMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === "updated" && event.action.type === "error") onError(event.action.error);
    });
    return () => {
      unsubscribeQueries();
      unsubscribeMutations();
    };
  }, [queryClient, navigate]);
}

/** Screens skip their own error toast for a 401: useSessionExpiry speaks for it. */
export function isSessionExpired(error: unknown): boolean {
  return httpStatus(error) === 401;
}
