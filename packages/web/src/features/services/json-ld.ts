// Structured data of the service pages (schema.org Service and FAQPage), built from the same content the
// page shows, so search engines and visitors read the same answers.
import type { ServicePageView, Site } from "@repo/content";
import { canonicalUrl } from "../../lib/seo";

const provider = (site: Site) => ({
  "@type": "ProfessionalService",
  name: site.name,
  url: canonicalUrl("/"),
  email: site.email,
  telephone: site.phone,
  slogan: site.tagline,
  address: {
    "@type": "PostalAddress",
    addressLocality: site.city,
    addressRegion: site.region,
    addressCountry: site.country,
  },
});

export function serviceJsonLd(service: Omit<ServicePageView, "quote">, site: Site) {
  return {
    "@context": "https://schema.org",
    "@type": "Service",
    name: service.headline,
    serviceType: service.name,
    description: service.summary,
    url: canonicalUrl(service.path),
    areaServed: { "@type": "City", name: site.city },
    provider: provider(site),
    ...(service.badge ? { termsOfService: `Fixed scope, delivered in ${service.badge}.` } : {}),
    // A page the provider added shows its price: search engines read the same one.
    ...(service.priceCents != null
      ? { offers: { "@type": "Offer", price: (service.priceCents / 100).toFixed(2), priceCurrency: "CAD" } }
      : {}),
  };
}

export function faqJsonLd(service: Pick<ServicePageView, "faqs">) {
  return {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    mainEntity: service.faqs.map((faq) => ({
      "@type": "Question",
      name: faq.question,
      acceptedAnswer: { "@type": "Answer", text: faq.answer },
    })),
  };
}

/** JSON for a <script> element: "<" escaped so no text can close the script early. */
export function scriptJson(data: unknown): string {
  return JSON.stringify(data).replace(/</g, "\\u003c");
}
