import { createFileRoute } from "@tanstack/react-router";
import { requireClientSession } from "../lib/route-guards";

// Pathless layout guarding every client-only route (spec section 6). Its children load their
// components lazily, so marketing visitors never download portal code.
export const Route = createFileRoute("/_client-portal")({
  beforeLoad: requireClientSession,
});
