import { PROMISES } from "@repo/validators";
import { ServiceHero } from "./service-hero";

export function EmailCollaborationPage() {
  return (
    <ServiceHero title="Email & Collaboration">
      Troubleshooting, setup and email security for your team, with email issues answered in{" "}
      {PROMISES.emailIssueResponse}.
    </ServiceHero>
  );
}
