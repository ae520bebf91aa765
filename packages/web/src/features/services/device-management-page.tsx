import { SERVICES } from "@repo/content";
import { ServicePage } from "./service-page";

export function DeviceManagementPage() {
  return <ServicePage service={SERVICES["device-management"]} />;
}
