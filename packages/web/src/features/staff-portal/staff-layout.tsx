import { Box } from "@mantine/core";
import { Navigate, Outlet } from "@tanstack/react-router";
import { LiveAnnouncer } from "../../components/live-announcer";
import { SessionChangedNotice } from "../../components/session-changed-notice";
import { MAIN_CONTENT_ID, SkipLink, useFocusMainOnNavigate } from "../../components/skip-link";
import { readStoredUser } from "../../lib/auth-storage";
import { LiveSendContext } from "../../lib/live-updates";
import { useSessionExpiry } from "../../lib/use-session-expiry";
import { StaffHeader } from "./staff-header";
import { useStaffLiveUpdates } from "./use-staff-live-updates";

/** The frame of every staff screen: the header, then the screen. Also keeps the portal's data live. */
export function StaffLayout() {
  const user = readStoredUser();
  useSessionExpiry();
  const send = useStaffLiveUpdates();
  useFocusMainOnNavigate();
  // The route guard already checked; storage can still be cleared from another tab meanwhile.
  if (!user) return <Navigate to="/admin" replace />;
  return (
    <LiveSendContext value={send}>
      <Box mih="100vh" bg="gray.0">
        <SkipLink />
        <SessionChangedNotice portal="staff" />
        <LiveAnnouncer />
        <StaffHeader user={user} />
        <Box component="main" id={MAIN_CONTENT_ID} tabIndex={-1}>
          <Outlet />
        </Box>
      </Box>
    </LiveSendContext>
  );
}
