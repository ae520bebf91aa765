import { PageIntro } from "../site/page-intro";

export function PricingPage() {
  return (
    <PageIntro title="Pricing">
      Fixed-scope packages with a clear timeline, and managed IT or help desk support quoted to fit your team.
    </PageIntro>
  );
}
