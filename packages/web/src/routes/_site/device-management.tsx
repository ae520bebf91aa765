import { createFileRoute } from "@tanstack/react-router";
import { DeviceManagementPage } from "../../features/services/device-management-page";
import { titleHead } from "../../lib/page-title";

export const Route = createFileRoute("/_site/device-management")({
  head: titleHead("Device Management"),
  component: DeviceManagementPage,
});
