import { SERVICES } from "@repo/content";
import { ServicePage } from "./service-page";

export function SecurityHardeningSprintPage() {
  return <ServicePage service={SERVICES["security-hardening-sprint"]} />;
}
