import { PROMISES, site } from "@repo/validators";
import { PageIntro } from "../site/page-intro";

export function ContactPage() {
  return (
    <PageIntro title="Get in Touch">
      Tell us what you need and we'll reply within {PROMISES.replyWithin} ({PROMISES.replyDays}). Prefer email? Write
      to {site.email}. We're based in {site.location}.
    </PageIntro>
  );
}
