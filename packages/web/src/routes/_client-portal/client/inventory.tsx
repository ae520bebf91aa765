import { createFileRoute, lazyRouteComponent } from "@tanstack/react-router";
import { parseInventorySearch } from "../../../features/inventory/device-filters";
import { titleHead } from "../../../lib/page-title";

export const Route = createFileRoute("/_client-portal/client/inventory")({
  head: titleHead("Device Inventory"),
  validateSearch: parseInventorySearch,
  component: lazyRouteComponent(
    () => import("../../../features/client-portal/client-inventory-page"),
    "ClientInventoryPage",
  ),
});
