import { Box } from "@mantine/core";
import { Outlet } from "@tanstack/react-router";
import { LiveAnnouncer } from "../../components/live-announcer";
import { SessionChangedNotice } from "../../components/session-changed-notice";
import { MAIN_CONTENT_ID, SkipLink, useFocusMainOnNavigate } from "../../components/skip-link";
import { ClientPortalHeader } from "./client-portal-header";
import { useClientLiveUpdates } from "./use-client-live-updates";

/**
 * Around every client-only screen: the skip link, the portal's header (logo back to the website, its
 * sections), one <main> landmark (the skip link's target), one live-updates socket for as long as the
 * visitor stays in the portal, and the notice when another tab changes who is signed in.
 */
export function ClientPortalLayout() {
  useClientLiveUpdates();
  useFocusMainOnNavigate();
  return (
    <Box mih="100vh" bg="gray.0">
      <SkipLink />
      <SessionChangedNotice portal="client" />
      <LiveAnnouncer />
      <ClientPortalHeader />
      <Box component="main" id={MAIN_CONTENT_ID} tabIndex={-1}>
        <Outlet />
      </Box>
    </Box>
  );
}
