import { createFileRoute, lazyRouteComponent } from "@tanstack/react-router";
import { titleHead } from "../../../lib/page-title";

export const Route = createFileRoute("/_client-portal/client/inventory")({
  head: titleHead("Device Inventory"),
  component: lazyRouteComponent(
    () => import("../../../features/client-portal/client-inventory-page"),
    "ClientInventoryPage",
  ),
});
