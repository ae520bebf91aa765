import { useService } from "../site/site-content";
import { ServicePage } from "./service-page";

export function CloudMigrationLitePage() {
  return <ServicePage service={useService("cloud-migration-lite")} />;
}
