import { ServiceHero } from "./service-hero";

export function AppCloudPage() {
  return (
    <ServiceHero title="App & Cloud Setup">
      The business apps and cloud services your team relies on, set up properly from day one.
    </ServiceHero>
  );
}
