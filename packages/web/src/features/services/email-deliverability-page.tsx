import { useService } from "../site/site-content";
import { ServicePage } from "./service-page";

export function EmailDeliverabilityPage() {
  return <ServicePage service={useService("email-deliverability")} />;
}
