// The accessibility sweeps' checks (WCAG 2.2 AA; docs/architecture.md §13), shared by accessibility.e2e.ts and
// accessibility-portals.e2e.ts: axe-core's WCAG 2.0/2.1/2.2 A and AA rules on a screen's state, at desktop
// and at phone width, with no violation of impact serious or critical. The sweep is two files so that
// the browser suite's two workers share it.
import type { Locator, Page } from "playwright-core";
import { afterAll, expect } from "vitest";
import { type AxeFinding, describeFindings, seriousViolations } from "./axe.js";
import { DESKTOP, MOBILE } from "./harness.js";

/** A sweep visits many screens, each checked by axe: on a busy two-core machine it outlasts one test's 60 s. */
export const SWEEP_TIMEOUT_MS = 180_000;

export type Width = "desktop" | "phone";
const VIEWPORTS: Record<Width, { width: number; height: number }> = { desktop: DESKTOP, phone: MOBILE };

export const PUBLIC_PAGES: [string, string][] = [
  ["home", "/"],
  ["about", "/about"],
  ["contact", "/contact"],
  ["email deliverability", "/services/email-deliverability"],
  ["identity & device fast start", "/services/intune-fast-start"],
  ["cloud migration lite", "/services/cloud-migration-lite"],
  ["security hardening sprint", "/services/security-hardening-sprint"],
  ["device management", "/device-management"],
  ["email & collaboration", "/email-collaboration"],
  ["app & cloud setup", "/app-cloud"],
  ["security", "/security"],
  ["pricing", "/pricing"],
  ["submit a ticket", "/submit-ticket"],
  ["service status", "/status"],
  ["client sign-in", "/client-auth"],
  ["staff sign-in", "/admin"],
  ["404", "/no-such-page"],
];

/** The checks of one test file, which prints their findings as a table when it ends. */
export function axeSweep() {
  /** Serious and critical findings per screen state and width, printed as a table when the file ends. */
  const tally = new Map<string, { rules: number; nodes: number }>();

  afterAll(() => {
    const rows = [...tally].map(([state, { rules, nodes }]) => `${state.padEnd(58)} ${rules} rules, ${nodes} nodes`);
    console.log(`axe serious/critical findings per screen state:\n${rows.join("\n")}`);
  });

  /**
   * Runs axe on `page` as it is at each of `widths` (both by default), records the findings under `state`,
   * and expects none. A soft expectation, so one screen's findings do not hide the next one's.
   */
  async function check(page: Page, state: string, widths: Width[] = ["desktop", "phone"]): Promise<void> {
    for (const width of widths) {
      await page.setViewportSize(VIEWPORTS[width]);
      const findings: AxeFinding[] = await seriousViolations(page);
      tally.set(`${state} @ ${width}`, {
        rules: findings.length,
        nodes: findings.reduce((sum, finding) => sum + finding.targets.length, 0),
      });
      expect.soft(describeFindings(findings), `${state} at ${width} width`).toEqual([]);
    }
    await page.setViewportSize(DESKTOP);
  }

  /** Waits for `sign`, which shows that the screen reached `state`, then checks it as `check` does. */
  async function checkWhenShown(page: Page, sign: Locator, state: string, widths?: Width[]): Promise<void> {
    await sign.waitFor();
    await check(page, state, widths);
  }

  /** Opens the dialog named `dialog` with its button (`opener`, by default the button of the same name) and checks it. */
  async function checkDialog(
    page: Page,
    state: string,
    dialog: string,
    opener: string | Locator = dialog,
  ): Promise<void> {
    await (typeof opener === "string" ? page.getByRole("button", { name: opener }) : opener).click();
    await checkWhenShown(page, page.getByRole("dialog", { name: dialog }), state);
  }

  /** Either portal's inventory, then a device's edit dialog, closed again before the caller goes on. */
  async function checkInventoryAndEditDialog(page: Page, portal: "client" | "staff"): Promise<void> {
    const edit = page.getByRole("button", { name: /^Edit / }).first();
    await checkWhenShown(page, edit, `${portal}: inventory`);

    await edit.click();
    await checkWhenShown(page, page.getByRole("dialog"), `${portal}: inventory, edit dialog`);
    await page.keyboard.press("Escape");
    await page.getByRole("dialog").waitFor({ state: "detached" });
  }

  return { check, checkWhenShown, checkDialog, checkInventoryAndEditDialog };
}
