import { addedPageFrom, defaultSiteContent, SERVICES, site } from "@repo/content";
import { describe, expect, it } from "vitest";
import { faqJsonLd, scriptJson, serviceJsonLd } from "./json-ld";

describe("service structured data", () => {
  it("describes the service and its provider in Toronto", () => {
    const ld = serviceJsonLd(SERVICES["security-hardening-sprint"], site);
    expect(ld).toMatchObject({
      "@type": "Service",
      name: "Security Hardening Sprint",
      url: "https://northwind.test/services/security-hardening-sprint",
      provider: { name: "Northwind IT", address: { addressLocality: "Toronto", addressCountry: "CA" } },
    });
  });

  it("gives a page the provider added its price as an offer, and the spec's pages none", () => {
    const content = defaultSiteContent();
    content.addedPages = [
      {
        slug: "backup-check",
        name: "Backup Check",
        copy: { ...content.services["intune-fast-start"], faqs: [{ question: "Q?", answer: "A." }] },
        offer: { ...content.packages["intune-fast-start"], priceCents: 125_050 },
      },
    ];
    const ld = serviceJsonLd(addedPageFrom(content, "backup-check")!, site);
    expect(ld).toMatchObject({
      serviceType: "Backup Check",
      url: "https://northwind.test/services/backup-check",
      offers: { "@type": "Offer", price: "1250.50", priceCurrency: "CAD" },
    });
    expect(serviceJsonLd(SERVICES["intune-fast-start"], site)).not.toHaveProperty("offers");
  });

  it("lists the page's five questions with their answers", () => {
    const ld = faqJsonLd(SERVICES["device-management"]);
    expect(ld.mainEntity).toHaveLength(5);
    expect(ld.mainEntity[0]).toEqual({
      "@type": "Question",
      name: SERVICES["device-management"].faqs[0]!.question,
      acceptedAnswer: { "@type": "Answer", text: SERVICES["device-management"].faqs[0]!.answer },
    });
  });

  it("escapes '<' so no text can close the script element", () => {
    expect(scriptJson({ text: "</script><script>alert(1)</script>" })).not.toContain("<");
    expect(JSON.parse(scriptJson({ text: "a</b" }))).toEqual({ text: "a</b" });
  });
});
