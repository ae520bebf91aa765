import { SERVICES } from "@repo/content";
import { ServicePage } from "./service-page";

export function EmailCollaborationPage() {
  return <ServicePage service={SERVICES["email-collaboration"]} />;
}
