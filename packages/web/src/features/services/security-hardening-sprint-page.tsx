import { useService } from "../site/site-content";
import { ServicePage } from "./service-page";

export function SecurityHardeningSprintPage() {
  return <ServicePage service={useService("security-hardening-sprint")} />;
}
