import { createFileRoute, lazyRouteComponent } from "@tanstack/react-router";
import { parseInventorySearch } from "../../features/inventory/device-filters";
import { titleHead } from "../../lib/page-title";

export const Route = createFileRoute("/_staff-portal/inventory")({
  head: titleHead("Device Inventory"),
  validateSearch: parseInventorySearch,
  component: lazyRouteComponent(() => import("../../features/staff-portal/staff-inventory-page"), "StaffInventoryPage"),
});
