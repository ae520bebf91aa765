import { useService } from "../site/site-content";
import { ServicePage } from "./service-page";

export function DeviceManagementPage() {
  return <ServicePage service={useService("device-management")} />;
}
