import { useService } from "../site/site-content";
import { ServicePage } from "./service-page";

export function IntuneFastStartPage() {
  return <ServicePage service={useService("intune-fast-start")} />;
}
