import { ROLES, STAFF_SCREENS, mayOpenStaffScreen } from "@repo/validators";
import { createMemoryHistory } from "@tanstack/react-router";
import { describe, expect, it } from "vitest";
import { createQueryClient } from "../../lib/query-client";
import { staffLandingFor } from "../../lib/route-guards";
import { createAppRouter } from "../../router";

/** The routes of the app by full path, and the staff portal's own (those under its guarding layout). */
const router = createAppRouter({ queryClient: createQueryClient(), history: createMemoryHistory() });
const staffRoutePaths = Object.values(router.routesById)
  .filter((route) => route.parentRoute?.id === "/_staff-portal")
  .map((route) => route.fullPath);

describe("the staff-screen table (@repo/validators)", () => {
  it.each(STAFF_SCREENS.map((screen) => [screen.path, screen] as const))(
    "gives %s a route under the staff portal's guard",
    (path) => {
      expect(staffRoutePaths).toContain(path);
    },
  );

  it("lists every route of the staff portal, so none is left unguarded", () => {
    expect([...staffRoutePaths].sort()).toEqual(STAFF_SCREENS.map((screen) => screen.path).sort());
  });

  it.each(ROLES.filter((role) => role !== "CLIENT"))("lets a %s open the screen it lands on", (role) => {
    expect(mayOpenStaffScreen(role, staffLandingFor(role))).toBe(true);
  });

  it("matches a ticket's id, and the id new, to the ticket screen only", () => {
    expect(mayOpenStaffScreen("AGENT", "/tickets/new")).toBe(true);
    expect(mayOpenStaffScreen("AGENT", "/tickets/0190f3a2-aaaa-bbbb-cccc-1234abcd5678")).toBe(true);
    expect(mayOpenStaffScreen("AGENT", "/tickets/")).toBe(false);
    expect(mayOpenStaffScreen("VIEWER", "/tickets/new")).toBe(false);
  });
});
