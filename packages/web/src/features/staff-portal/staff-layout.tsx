import { Box } from "@mantine/core";
import { Navigate, Outlet } from "@tanstack/react-router";
import { SessionChangedNotice } from "../../components/session-changed-notice";
import { readStoredUser } from "../../lib/auth-storage";
import { useSessionExpiry } from "../../lib/use-session-expiry";
import { StaffHeader } from "./staff-header";
import { useStaffLiveUpdates } from "./use-staff-live-updates";

/** The frame of every staff screen: the header, then the screen. Also keeps the portal's data live. */
export function StaffLayout() {
  const user = readStoredUser();
  useSessionExpiry();
  useStaffLiveUpdates();
  // The route guard already checked; storage can still be cleared from another tab meanwhile.
  if (!user) return <Navigate to="/admin" replace />;
  return (
    <Box mih="100vh" bg="gray.0">
      <SessionChangedNotice portal="staff" />
      <StaffHeader user={user} />
      <Box component="main">
        <Outlet />
      </Box>
    </Box>
  );
}
