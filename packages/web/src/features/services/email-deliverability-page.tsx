import { SERVICES } from "@repo/content";
import { ServicePage } from "./service-page";

export function EmailDeliverabilityPage() {
  return <ServicePage service={SERVICES["email-deliverability"]} />;
}
