import { SERVICES } from "@repo/validators/site";
import { ServicePage } from "./service-page";

export function IntuneFastStartPage() {
  return <ServicePage service={SERVICES["intune-fast-start"]} />;
}
