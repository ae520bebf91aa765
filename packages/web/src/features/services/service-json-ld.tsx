import type { ServiceContent } from "@repo/validators/site";
import { faqJsonLd, scriptJson, serviceJsonLd } from "./json-ld";

/** The service's Service and FAQPage structured data, rendered into the prerendered HTML. */
export function ServiceJsonLd({ service }: { service: ServiceContent }) {
  return (
    <>
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: scriptJson(serviceJsonLd(service)) }} />
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: scriptJson(faqJsonLd(service)) }} />
    </>
  );
}
