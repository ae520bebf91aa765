import { PROMISES, site } from "@repo/validators";
import { PageIntro } from "../site/page-intro";

export function AboutPage() {
  return (
    <PageIntro title={`About ${site.name}`}>
      {PROMISES.experience.charAt(0).toUpperCase() + PROMISES.experience.slice(1)} of experience keeping small teams
      running. Reliable, responsive, and no surprises.
    </PageIntro>
  );
}
