import { PACKAGES } from "@repo/validators";
import { ServiceHero } from "./service-hero";

const offer = PACKAGES["security-hardening-sprint"];

export function SecurityHardeningSprintPage() {
  return (
    <ServiceHero title={offer.name} badge={offer.duration}>
      Identity and tenant review, multi-factor authentication, conditional access, disk encryption and local admin
      password management, done in {offer.duration}.
    </ServiceHero>
  );
}
