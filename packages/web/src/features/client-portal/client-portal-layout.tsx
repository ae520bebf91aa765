import { Outlet } from "@tanstack/react-router";
import { useClientLiveUpdates } from "./use-client-live-updates";

/** Around every client-only screen: one live-updates socket for as long as the visitor stays in the portal. */
export function ClientPortalLayout() {
  useClientLiveUpdates();
  return <Outlet />;
}
