import { PACKAGES } from "@repo/validators";
import { ServiceHero } from "./service-hero";

const offer = PACKAGES["cloud-migration-lite"];

export function CloudMigrationLitePage() {
  return (
    <ServiceHero title={offer.name} badge={offer.duration}>
      Move your office-suite platform to a competing one, in either direction, for up to 20 users, with mail and files
      migrated and a business day of hypercare.
    </ServiceHero>
  );
}
