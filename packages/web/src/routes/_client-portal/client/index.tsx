import { createFileRoute } from "@tanstack/react-router";
import { clientDashboardRoute } from "../../../features/client-portal/dashboard-route";

export const Route = createFileRoute("/_client-portal/client/")(clientDashboardRoute());
