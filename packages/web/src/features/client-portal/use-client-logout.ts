import { notifications } from "@mantine/notifications";
import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { clearSession } from "../../lib/auth-storage";
import { trpc } from "../../lib/trpc";

/**
 * Logout (docs/product-spec.md §4): on success the stored token and user are removed, the cached data (the current
 * user included) is dropped, and the browser goes to /client-auth. A failure shows "Logout failed".
 */
export function useClientLogout() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return trpc.auth.logout.useMutation({
    onSuccess: async () => {
      clearSession();
      queryClient.clear();
      await navigate({ to: "/client-auth" });
    },
    onError: (error) => {
      notifications.show({ title: "Logout failed", message: error.message, color: "red" });
    },
  });
}
