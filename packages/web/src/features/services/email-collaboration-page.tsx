import { SERVICES } from "@repo/validators/site";
import { ServicePage } from "./service-page";

export function EmailCollaborationPage() {
  return <ServicePage service={SERVICES["email-collaboration"]} />;
}
