// The pages a provider adds (issue 42): their slugs, and what a document without them reads as.
import { describe, expect, it } from "vitest";
import { addedPagesSchemaFor, MAX_ADDED_PAGES, siteContentSchemaFor } from "./site-content.js";

const TAKEN = ["intune-fast-start", "email-deliverability"];
const schema = addedPagesSchemaFor(TAKEN);

const page = (slug: string) => ({
  slug,
  name: "Backup Check",
  copy: {
    headline: "Backups that restore",
    summary: "We prove your backups work.",
    whatYouGet: [],
    howItWorks: [],
    faqs: [{ question: "How?", answer: "By restoring." }],
    cta: { title: "Book it", text: "Today." },
  },
  offer: null,
});

/** The messages of a refused list, by the path of the field they belong to. */
function refusals(pages: unknown[]): Record<string, string> {
  const result = schema.safeParse(pages);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [i.path.join("."), i.message]));
}

describe("added pages' slugs", () => {
  it("takes lower-case letters, digits and single hyphens", () => {
    expect(refusals([page("backup-check"), page("m365-audit2")])).toEqual({});
    for (const bad of ["Backup", "backup check", "-backup", "backup-", "back--up", "back_up", "a/b", "é"])
      expect(refusals([page(bad)])["0.slug"], bad).toBe(
        "Use lower-case letters, digits and single hyphens, e.g. backup-check",
      );
    expect(refusals([page("")])["0.slug"]).toBe("The address is required");
  });

  it("refuses the spec's pages' slugs and a slug used twice, at the later page", () => {
    expect(refusals([page("intune-fast-start")])).toEqual({
      "0.slug": "/services/intune-fast-start is one of the site's own pages: choose another address",
    });
    expect(refusals([page("backup"), page("other"), page("backup")])).toEqual({
      "2.slug": "Another added page is already at /services/backup",
    });
  });

  it(`allows at most ${MAX_ADDED_PAGES} pages`, () => {
    const many = Array.from({ length: MAX_ADDED_PAGES + 1 }, (_, i) => page(`page-${i}`));
    expect(refusals(many.slice(0, MAX_ADDED_PAGES))).toEqual({});
    expect(refusals(many)[""]).toBe(`At most ${MAX_ADDED_PAGES} added pages`);
  });

  it("reads a document without the field as one with no added pages, and refuses the spec's slugs there", () => {
    const whole = siteContentSchemaFor({ packages: { "intune-fast-start": {} }, services: {} });
    const document = {
      identity: {
        name: "N",
        legalName: "",
        tagline: "T",
        logo: { light: null, dark: null },
        brandColour: "#1971c2",
        address: { street: "", city: "C", region: "", postalCode: "", country: "Canada" },
        location: "L",
        phone: "1",
        email: "a@b.test",
        supportEmail: "s@b.test",
        social: [],
        taxNumber: "",
      },
      packages: {
        "intune-fast-start": { name: "P", duration: "1 day", durationNote: "", limits: ["x"], priceCents: null },
      },
      services: {},
      pricing: { subtitle: "S", note: "N" },
    };
    expect(whole.parse(document).addedPages).toEqual([]);
    expect(whole.safeParse({ ...document, addedPages: [page("intune-fast-start")] }).success).toBe(false);
  });
});
