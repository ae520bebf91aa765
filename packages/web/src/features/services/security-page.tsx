import { ServiceHero } from "./service-hero";

export function SecurityPage() {
  return (
    <ServiceHero title="Security">
      Practical protection for small teams: secure sign-ins, protected devices and email you can trust.
    </ServiceHero>
  );
}
