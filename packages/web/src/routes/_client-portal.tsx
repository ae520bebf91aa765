import { createFileRoute, lazyRouteComponent } from "@tanstack/react-router";
import { requireClientSession } from "../lib/route-guards";

// Pathless layout guarding every client-only route (docs/product-spec.md §6). Its children load their
// components lazily, so marketing visitors never download portal code; so does the layout itself,
// which keeps the live-updates socket open while the visitor is in the portal.
export const Route = createFileRoute("/_client-portal")({
  beforeLoad: requireClientSession,
  component: lazyRouteComponent(() => import("../features/client-portal/client-portal-layout"), "ClientPortalLayout"),
});
