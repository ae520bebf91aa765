import { SERVICES } from "@repo/validators/site";
import { ServicePage } from "./service-page";

export function EmailDeliverabilityPage() {
  return <ServicePage service={SERVICES["email-deliverability"]} />;
}
