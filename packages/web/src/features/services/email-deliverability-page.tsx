import { PACKAGES } from "@repo/validators";
import { ServiceHero } from "./service-hero";

const offer = PACKAGES["email-deliverability"];

export function EmailDeliverabilityPage() {
  return (
    <ServiceHero title={offer.name} badge={offer.duration}>
      Get your email into inboxes instead of spam folders: authentication fixed and verified within {offer.duration}{" "}
      {offer.durationNote}.
    </ServiceHero>
  );
}
