// What /client and /client-dashboard share (docs/product-spec.md §2: two addresses, one dashboard): the
// title, the search of the address, and the page, loaded lazily so marketing visitors never download it.
import { lazyRouteComponent } from "@tanstack/react-router";
import { titleHead } from "../../lib/page-title";
import { parseClientDashboardSearch } from "./ticket-search";

/** A new object per route: the router keeps its own state in the options it is given. */
export const clientDashboardRoute = () => ({
  head: titleHead("Client Dashboard"),
  validateSearch: parseClientDashboardSearch,
  component: lazyRouteComponent(() => import("./client-dashboard-page"), "ClientDashboardPage"),
});
