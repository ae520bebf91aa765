import { SERVICES } from "@repo/content";
import { ServicePage } from "./service-page";

export function CloudMigrationLitePage() {
  return <ServicePage service={SERVICES["cloud-migration-lite"]} />;
}
