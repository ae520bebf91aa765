import { SERVICES } from "@repo/validators/site";
import { ServicePage } from "./service-page";

export function CloudMigrationLitePage() {
  return <ServicePage service={SERVICES["cloud-migration-lite"]} />;
}
