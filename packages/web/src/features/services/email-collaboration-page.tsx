import { useService } from "../site/site-content";
import { ServicePage } from "./service-page";

export function EmailCollaborationPage() {
  return <ServicePage service={useService("email-collaboration")} />;
}
