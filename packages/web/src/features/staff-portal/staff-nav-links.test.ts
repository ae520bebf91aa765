import { describe, expect, it } from "vitest";
import { staffNavLinksFor } from "./staff-nav-links";

const labelsFor = (role: Parameters<typeof staffNavLinksFor>[0]) => staffNavLinksFor(role).map((link) => link.label);

const STAFF_MENU = ["Dashboard", "Inventory", "Enquiries", "Mail", "Reports", "SLA", "Canned Replies"];

describe("the staff menu", () => {
  it.each([
    ["shows an ADMIN every section, in order", "ADMIN", [...STAFF_MENU, "Users", "Clients"]],
    ["hides the admin sections from an AGENT", "AGENT", STAFF_MENU],
  ] as const)("%s", (_title, role, labels) => {
    expect(labelsFor(role)).toEqual(labels);
  });

  it("shows a VIEWER the screens it reads", () => {
    expect(staffNavLinksFor("VIEWER")).toEqual([
      { label: "Enquiries", to: "/enquiries" },
      { label: "Reports", to: "/reports" },
    ]);
  });
});
