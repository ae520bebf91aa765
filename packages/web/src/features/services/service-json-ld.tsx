import type { ServicePageView } from "@repo/content";
import { useSite } from "../site/site-content";
import { faqJsonLd, scriptJson, serviceJsonLd } from "./json-ld";

/** The service's Service and FAQPage structured data, rendered into the prerendered HTML. */
export function ServiceJsonLd({ service }: { service: ServicePageView }) {
  const serviceLd = scriptJson(serviceJsonLd(service, useSite()));
  return (
    <>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: scriptJson escapes "<" so the JSON cannot end the script */}
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: serviceLd }} />
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: as above */}
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: scriptJson(faqJsonLd(service)) }} />
    </>
  );
}
