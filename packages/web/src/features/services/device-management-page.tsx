import { SERVICES } from "@repo/validators/site";
import { ServicePage } from "./service-page";

export function DeviceManagementPage() {
  return <ServicePage service={SERVICES["device-management"]} />;
}
