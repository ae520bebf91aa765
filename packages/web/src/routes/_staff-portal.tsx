import { createFileRoute } from "@tanstack/react-router";
import { requireStaffSession } from "../lib/route-guards";

// Pathless layout guarding every staff-only route (spec section 6). Its children load their
// components lazily, so marketing visitors never download portal code.
export const Route = createFileRoute("/_staff-portal")({
  beforeLoad: requireStaffSession,
});
