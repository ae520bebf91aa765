import { SERVICES } from "@repo/content";
import { ServicePage } from "./service-page";

export function IntuneFastStartPage() {
  return <ServicePage service={SERVICES["intune-fast-start"]} />;
}
