// /contact in Chromium: the query parameters, the form's rules and messages, the pending state, success
// (toast, Thank you page, the enquiry stored with its service and origin) and failure (toasts of section 8).
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { MOBILE, startE2EForFile } from "./harness.js";
import { expectToast, recordScripts, submitAndSeePending, waitForHydration, startAnother } from "./site-helpers.js";

const e2e = startE2EForFile();

interface Enquiry {
  firstName: string;
  lastName: string;
  email: string;
  company: string | null;
  service: string | null;
  message: string | null;
  ref: string | null;
}

async function enquiries(): Promise<Enquiry[]> {
  const token = await e2e.server.login("admin@northwind.test");
  const res = await e2e.server.request("/api/enquiries", { token });
  return ((await res.json()) as { enquiries: Enquiry[] }).enquiries;
}

/** /contact, ready to type into (its form has hydrated). */
async function openContact(): Promise<Page> {
  const { page } = await e2e.open("/contact");
  await waitForHydration(page);
  return page;
}

async function fillValidEnquiry(page: Page, email: string) {
  await page.getByRole("textbox", { name: "First Name", exact: true }).fill("Dana");
  await page.getByRole("textbox", { name: "Last Name", exact: true }).fill("Okafor");
  await page.getByRole("textbox", { name: "Email", exact: true }).fill(email);
  await page.getByRole("textbox", { name: "Company", exact: true }).fill("Okafor Dental");
  await page
    .getByRole("textbox", { name: "Message", exact: true })
    .fill("We have 12 laptops and need them encrypted and managed.");
}

async function sendValidEnquiry(page: Page, email: string) {
  await fillValidEnquiry(page, email);
  await page.getByRole("button", { name: "Send Message" }).click();
}

describe("contact page", () => {
  it("shows the title, the reply notice, contact details, a 5-row message box and Book a Consultation to ?ref=contact-cta", async () => {
    const { page } = await e2e.open("/contact");
    expect(await page.locator("h1").textContent()).toBe("Contact Us");
    expect(await page.getByText("We reply within one business day (Mon-Fri).").count()).toBeGreaterThanOrEqual(1);
    expect(await page.getByRole("link", { name: "hello@northwind.test" }).getAttribute("href")).toBe(
      "mailto:hello@northwind.test",
    );
    expect(await page.getByText("Toronto, Canada").count()).toBe(1);
    expect(await page.getByRole("textbox", { name: "Message", exact: true }).getAttribute("rows")).toBe("5");
    expect(await page.getByRole("link", { name: "Book a Consultation" }).getAttribute("href")).toBe(
      "/contact?ref=contact-cta",
    );
  });

  it("preselects the service named by ?service= and ignores an unknown one", async () => {
    const known = await e2e.open("/contact?service=security-hardening-sprint");
    await waitForHydration(known.page);
    await expect
      .poll(() => known.page.getByLabel("Service", { exact: true }).inputValue())
      .toBe("security-hardening-sprint");
    const unknown = await e2e.open("/contact?service=teleportation");
    await waitForHydration(unknown.page);
    expect(await unknown.page.getByLabel("Service", { exact: true }).inputValue()).toBe("");
  });

  it("shows the spec's messages under the fields and sends nothing while they stand", async () => {
    const page = await openContact();
    let posted = 0;
    page.on("request", (request) => {
      if (request.url().endsWith("/api/contact")) posted += 1;
    });

    await page.getByRole("button", { name: "Send Message" }).click();
    for (const message of ["First name is required", "Last name is required", "Invalid email address"]) {
      await page.getByText(message, { exact: true }).waitFor();
    }
    await page.getByRole("textbox", { name: "Email", exact: true }).fill("not-an-email");
    await page.getByRole("button", { name: "Send Message" }).click();
    await page.getByText("Invalid email address", { exact: true }).waitFor();
    expect(posted).toBe(0);
  });

  it("has a honeypot that people never see or reach", async () => {
    const { page } = await e2e.open("/contact");
    const trap = page.locator('input[name="website"]');
    expect(await trap.getAttribute("tabindex")).toBe("-1");
    expect(await trap.getAttribute("autocomplete")).toBe("off");
    const box = await trap.boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(0);
    expect(await trap.evaluate((el) => el.closest('[aria-hidden="true"]') !== null)).toBe(true);
  });

  it("sends the enquiry with its service and ref, shows Sending..., the toast and the Thank you page", async () => {
    const { page } = await e2e.open("/contact?service=cloud-migration-lite&ref=footer", { viewport: MOBILE });
    await waitForHydration(page);
    await fillValidEnquiry(page, "dana@okafor-dental.test");
    await submitAndSeePending(page, "**/api/contact", "Send Message", "Sending...");

    await expectToast(
      page,
      "Message sent successfully",
      "Thanks for reaching out — we'll reply within one business day.",
    );
    await page.getByRole("heading", { name: "Thank you!" }).waitFor();
    expect(
      await page.getByText("We'll reply within one business day (Mon-Fri).", { exact: false }).count(),
    ).toBeGreaterThanOrEqual(1);

    const stored = (await enquiries()).find((e) => e.email === "dana@okafor-dental.test");
    expect(stored).toMatchObject({
      firstName: "Dana",
      lastName: "Okafor",
      company: "Okafor Dental",
      service: "cloud-migration-lite",
      ref: "footer",
      message: "We have 12 laptops and need them encrypted and managed.",
    });

    await startAnother(page, "Send Another Message", "Send Message");
    expect(await page.getByRole("textbox", { name: "First Name", exact: true }).inputValue()).toBe("");
    expect(await page.getByLabel("Service", { exact: true }).inputValue()).toBe("cloud-migration-lite");
  });

  it("shows 'Error sending message' with '{status}: {body}' when the server fails, and keeps what was typed", async () => {
    const page = await openContact();
    await page.route("**/api/contact", (route) =>
      route.fulfill({ status: 500, contentType: "text/plain", body: "Database unavailable" }),
    );

    await sendValidEnquiry(page, "failure@example.test");

    await expectToast(page, "Error sending message", "500: Database unavailable");
    expect(await page.getByRole("textbox", { name: "First Name", exact: true }).inputValue()).toBe("Dana");
    expect(await page.getByRole("button", { name: "Send Message" }).isEnabled()).toBe(true);
    expect((await enquiries()).some((e) => e.email === "failure@example.test")).toBe(false);
  });

  it("keeps what was typed before the page hydrated, and cannot be sent until then", async () => {
    const context = await e2e.browser.newContext({ baseURL: e2e.server.url });
    const page = await context.newPage();
    let hydrate!: () => void;
    const held = new Promise<void>((resolve) => (hydrate = resolve));
    await page.route("**/assets/contact-panel.island-*", async (route) => {
      await held;
      await route.continue();
    });
    await page.goto("/contact?service=help-desk", { waitUntil: "domcontentloaded" });
    await page.getByRole("textbox", { name: "First Name", exact: true }).fill("Early");
    await page.getByLabel("Service", { exact: true }).selectOption("general");
    expect(await page.getByRole("button", { name: "Send Message" }).isDisabled()).toBe(true);

    hydrate();
    await waitForHydration(page);
    expect(await page.getByRole("button", { name: "Send Message" }).isEnabled()).toBe(true);
    expect(await page.getByRole("textbox", { name: "First Name", exact: true }).inputValue()).toBe("Early");
    expect(await page.getByLabel("Service", { exact: true }).inputValue()).toBe("general");
    // And it is React's state, not just the DOM: the next keystroke keeps the rest.
    await page.getByRole("textbox", { name: "First Name", exact: true }).press("End");
    await page.getByRole("textbox", { name: "First Name", exact: true }).pressSequentially("!");
    expect(await page.getByRole("textbox", { name: "First Name", exact: true }).inputValue()).toBe("Early!");
    await context.close();
  });

  it("downloads the form's rules when a field is first focused, not with the page", async () => {
    const context = await e2e.browser.newContext({ baseURL: e2e.server.url });
    const page = await context.newPage();
    const scripts = recordScripts(page);
    await page.goto("/contact", { waitUntil: "networkidle" });
    await waitForHydration(page);
    expect(scripts.filter((s) => s.includes("contact-rules"))).toEqual([]);

    await page.getByRole("textbox", { name: "First Name", exact: true }).focus();
    await expect.poll(() => scripts.filter((s) => s.includes("contact-rules")).length).toBe(1);
    await context.close();
  });

  it("says so when the rules cannot be downloaded, keeps what was typed, and sends on the next try", async () => {
    const page = await openContact();
    await page.route("**/assets/contact-rules-*", (route) => route.abort());

    await sendValidEnquiry(page, "offline@example.test");
    await expectToast(
      page,
      "Error sending message",
      "The form could not be checked: please check your connection and try again.",
    );
    expect(await page.getByRole("textbox", { name: "Company", exact: true }).inputValue()).toBe("Okafor Dental");
    expect((await enquiries()).some((e) => e.email === "offline@example.test")).toBe(false);

    await page.unroute("**/assets/contact-rules-*");
    await page.getByRole("button", { name: "Send Message" }).click();
    await page.getByText("Thank you!").waitFor();
    expect((await enquiries()).some((e) => e.email === "offline@example.test")).toBe(true);
  });

  it("uses the status text when the failed response has no body", async () => {
    const page = await openContact();
    await page.route("**/api/contact", (route) => route.fulfill({ status: 503, body: "" }));
    await sendValidEnquiry(page, "empty-body@example.test");
    await expectToast(page, "Error sending message", "503: Service Unavailable");
  });

  it("shows the server's own sentence for a JSON error body, such as the rate limit's", async () => {
    const page = await openContact();
    await page.route("**/api/contact", (route) =>
      route.fulfill({
        status: 429,
        contentType: "application/json",
        body: JSON.stringify({
          error: "Too many submissions from your network. Please try again in 10 minutes.",
          code: "TOO_MANY_REQUESTS",
        }),
      }),
    );
    await sendValidEnquiry(page, "limited@example.test");
    await expectToast(
      page,
      "Error sending message",
      "429: Too many submissions from your network. Please try again in 10 minutes.",
    );
  });
});
