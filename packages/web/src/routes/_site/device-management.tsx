import { createFileRoute } from "@tanstack/react-router";
import { DeviceManagementPage } from "../../features/services/device-management-page";
import { seoHead } from "../../lib/seo";

export const Route = createFileRoute("/_site/device-management")({
  head: seoHead("/device-management"),
  component: DeviceManagementPage,
});
