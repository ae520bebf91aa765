import { SERVICES } from "@repo/validators/site";
import { ServicePage } from "./service-page";

export function SecurityHardeningSprintPage() {
  return <ServicePage service={SERVICES["security-hardening-sprint"]} />;
}
