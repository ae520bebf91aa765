import { SERVICES, site } from "@repo/content";
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
