import { PACKAGES } from "@repo/validators";
import { ServiceHero } from "./service-hero";

const offer = PACKAGES["intune-fast-start"];

export function IntuneFastStartPage() {
  return (
    <ServiceHero title={offer.name} badge={offer.duration}>
      Secure sign-ins and managed devices in {offer.duration}: up to 10 devices enrolled, 2 apps deployed and a
      60-minute admin handoff.
    </ServiceHero>
  );
}
