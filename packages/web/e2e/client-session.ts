// Helpers of the client-portal browser tests: a signed-in client page, and a few waits.
import type { Page } from "playwright-core";
import { expect } from "vitest";
import type { E2E } from "./harness.js";
import { apiLogin, storeSession } from "./stored-session.js";

export const ACME = { email: "client@acme.test", name: "Dana Whitfield", company: "Acme Dental" } as const;

/**
 * A page already signed in as a client: the token from the real login call, stored the way the login
 * screen stores it. Tests of the sign-in screen itself use the form instead.
 */
export async function openAsClient(
  e2e: E2E,
  path: string,
  options: {
    email?: string;
    viewport?: { width: number; height: number };
    liveUpdates?: boolean;
    /** The browser's own zone and locale, to show that the portal writes Toronto time regardless. */
    timezoneId?: string;
    locale?: string;
    reducedMotion?: "reduce" | "no-preference";
  } = {},
) {
  const session = await apiLogin(e2e, "/api/client/login", options.email ?? ACME.email, "client");
  const { viewport, timezoneId, locale, reducedMotion } = options;
  const opened = await e2e.open("/client-auth", { viewport, timezoneId, locale, reducedMotion });
  await storeSession(opened.page, session, "client");
  // With liveUpdates, return only once the portal has opened its socket, so no event is sent before it.
  const socket = options.liveUpdates ? opened.page.waitForEvent("websocket") : null;
  await opened.page.goto(path);
  if (socket) expect(new URL((await socket).url()).pathname).toBe("/ws");
  return { ...opened, token: session.token };
}

/** A ticket as the client API lists it: the fields the tests read. */
export interface ClientTicket {
  id: string;
  title: string;
  description: string;
  type: string;
  priority: string;
  status: string;
}

/** The company's tickets as the API gives them to its client. */
export async function clientTickets(e2e: E2E, token: string): Promise<ClientTicket[]> {
  const response = await e2e.server.request("/api/client/tickets", { token });
  return (await response.json()) as ClientTicket[];
}

/** Waits until `text` is visible on the page. */
export async function seeText(page: Page, text: string | RegExp): Promise<void> {
  await page.getByText(text).first().waitFor({ state: "visible" });
}
