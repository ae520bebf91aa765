import { describe, expect, it } from "vitest";
import { staffNavLinksFor } from "./staff-nav-links";

const labelsFor = (role: Parameters<typeof staffNavLinksFor>[0]) => staffNavLinksFor(role).map((link) => link.label);

describe("the staff menu", () => {
  it("shows an ADMIN every section, in order", () => {
    expect(labelsFor("ADMIN")).toEqual([
      "Dashboard",
      "Inventory",
      "Enquiries",
      "Mail",
      "Reports",
      "SLA",
      "Canned Replies",
      "Users",
      "Clients",
    ]);
  });

  it("hides the admin sections from an AGENT", () => {
    expect(labelsFor("AGENT")).toEqual([
      "Dashboard",
      "Inventory",
      "Enquiries",
      "Mail",
      "Reports",
      "SLA",
      "Canned Replies",
    ]);
  });

  it("shows a VIEWER the screens it reads", () => {
    expect(staffNavLinksFor("VIEWER")).toEqual([
      { label: "Enquiries", to: "/enquiries" },
      { label: "Reports", to: "/reports" },
    ]);
  });
});
