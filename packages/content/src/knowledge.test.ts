import { describe, expect, it } from "vitest";
import { QUOTE_SERVICES } from "@repo/validators";
import { PACKAGES } from "./index.js";
import { COMPANY_FAQS, FEATURE_PAGES, SERVICES } from "./knowledge.js";

describe("service content (docs/product-spec.md §2)", () => {
  it("has a page for each of the six services, with five FAQs each", () => {
    expect(Object.keys(SERVICES).sort()).toEqual([...QUOTE_SERVICES].sort());
    for (const service of Object.values(SERVICES)) expect(service.faqs).toHaveLength(5);
  });

  it("gives the fixed-scope packages their badge, 5 what-you-get items and 3 steps", () => {
    for (const slug of Object.keys(PACKAGES) as (keyof typeof PACKAGES)[]) {
      const service = SERVICES[slug];
      expect(service.badge).toBe(PACKAGES[slug].duration);
      expect(service.whatYouGet).toHaveLength(5);
      expect(service.howItWorks).toHaveLength(3);
      expect(service.timeline).not.toBeNull();
      expect(service.scope).toEqual(PACKAGES[slug].limits);
    }
    expect(SERVICES["intune-fast-start"].whatWeNeed).toHaveLength(4);
    expect(SERVICES["cloud-migration-lite"].whatWeNeed).toHaveLength(4);
    expect(SERVICES["security-hardening-sprint"].whatWeNeed).toHaveLength(4);
  });

  it("gives the cards the spec names", () => {
    expect(SERVICES["device-management"].cards.map((c) => c.title)).toEqual(["One-time setup", "Ongoing monitoring"]);
    expect(SERVICES["email-collaboration"].cards.map((c) => c.title)).toEqual([
      "Troubleshooting and setup",
      "Email security",
    ]);
    expect(FEATURE_PAGES["app-cloud"].features).toHaveLength(5);
    expect(FEATURE_PAGES.security.features).toHaveLength(5);
  });

  it("states the constants of section 9", () => {
    const text = JSON.stringify({ SERVICES, COMPANY_FAQS });
    for (const fact of [
      "48 hours",
      "14-day monitoring checklist",
      "15-minute intro call",
      "up to 10 devices",
      "2 app deployments",
      "60-minute admin handoff",
      "15-30 minutes per device",
      "up to 20 users",
      "2-4 hours of email downtime",
      "1 business day of hypercare",
      "30-minute live",
      "5-10 minutes",
      "2-3 business days",
      "1 week",
      "2 weeks",
      "one business day",
      "2 hours",
    ]) {
      expect(text.toLowerCase()).toContain(fact.toLowerCase());
    }
  });
});
