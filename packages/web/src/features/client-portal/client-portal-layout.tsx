import { Outlet } from "@tanstack/react-router";
import { SessionChangedNotice } from "../../components/session-changed-notice";
import { useClientLiveUpdates } from "./use-client-live-updates";

/**
 * Around every client-only screen: one live-updates socket for as long as the visitor stays in the portal,
 * and the notice when another tab changes who is signed in.
 */
export function ClientPortalLayout() {
  useClientLiveUpdates();
  return (
    <>
      <SessionChangedNotice portal="client" />
      <Outlet />
    </>
  );
}
