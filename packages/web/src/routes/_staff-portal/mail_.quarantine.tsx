import { createFileRoute, lazyRouteComponent } from "@tanstack/react-router";
import { titleHead } from "../../lib/page-title";

// ADMIN only: the portal's guard reads who may open it from the staff-screen table (@repo/validators).
export const Route = createFileRoute("/_staff-portal/mail_/quarantine")({
  head: titleHead("Quarantined mail"),
  component: lazyRouteComponent(() => import("../../features/mail/mail-quarantine-page"), "MailQuarantinePage"),
});
