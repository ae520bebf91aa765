// /submit-ticket in Chromium: the fields and options of the spec, the organisations from
// GET /api/admin/clients, validation messages, Submitting..., the confirmation with the ticket id, a new
// ticket created from exactly the public fields, and the failure texts (injected errors and the real
// per-IP rate limit).
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { startE2EForFile } from "./harness.js";
import { expectToast, submitAndSeePending, waitForHydration, startAnother } from "./site-helpers.js";

const e2e = startE2EForFile();

const textbox = (page: Page, name: string) => page.getByRole("textbox", { name, exact: true });
const select = (page: Page, name: string) => page.getByRole("combobox", { name, exact: true });

async function openForm(): Promise<Page> {
  const { page } = await e2e.open("/submit-ticket");
  await waitForHydration(page);
  // The organisations arrive after hydration.
  await expect.poll(() => select(page, "Organization").locator("option").count()).toBeGreaterThan(1);
  return page;
}

async function fillValidTicket(page: Page, summary: string) {
  await textbox(page, "Your Name").fill("Priya Raman");
  await textbox(page, "Email Address").fill("priya@birch-legal.test");
  await select(page, "Organization").selectOption({ label: "Birch Legal" });
  await select(page, "Request Type").selectOption("Incident");
  await select(page, "Priority").selectOption("P1");
  await textbox(page, "Issue Summary").fill(summary);
  await textbox(page, "Detailed Description").fill("Nobody in the office can print since this morning's update.");
}

describe("public ticket form", () => {
  it("has every field, label and option of the spec, with organisations from the client list", async () => {
    const page = await openForm();
    expect(await page.locator("h1").textContent()).toBe("Submit a Support Ticket");
    for (const name of ["Your Name", "Email Address", "Issue Summary", "Detailed Description"]) {
      expect(await textbox(page, name).count()).toBe(1);
    }
    const options = (name: string) => select(page, name).locator("option").allTextContents();
    expect(await options("Organization")).toEqual(["Select your organization", "Acme Dental", "Birch Legal"]);
    expect(await options("Request Type")).toEqual([
      "Incident: something is broken",
      "Request: need something new",
      "Task: scheduled work",
    ]);
    expect(await select(page, "Request Type").inputValue()).toBe("Request");
    expect(await options("Priority")).toEqual([
      "P1 Critical: business stopped",
      "P2 High: major impact",
      "P3 Normal: standard request",
      "P4 Low: minor issue",
    ]);
    expect(await select(page, "Priority").inputValue()).toBe("P3");
    expect(await page.getByRole("button", { name: "Submit Support Ticket" }).count()).toBe(1);
    const trap = page.locator('input[name="website"]');
    expect(await trap.getAttribute("tabindex")).toBe("-1");
    expect(await trap.evaluate((el) => el.closest('[aria-hidden="true"]') !== null)).toBe(true);
  });

  it("shows the spec's validation messages and sends nothing while they stand", async () => {
    const page = await openForm();
    let posted = 0;
    page.on("request", (request) => {
      if (request.url().endsWith("/api/tickets") && request.method() === "POST") posted += 1;
    });
    await page.getByRole("button", { name: "Submit Support Ticket" }).click();
    for (const message of [
      "Name is required",
      "Please enter a valid email address",
      "Please select a client",
      "Title must be at least 5 characters",
      "Description must be at least 20 characters",
    ]) {
      await page.getByText(message, { exact: true }).waitFor();
    }
    await textbox(page, "Your Name").fill("P");
    await textbox(page, "Issue Summary").fill("Hi");
    await textbox(page, "Detailed Description").fill("Too short");
    await page.getByRole("button", { name: "Submit Support Ticket" }).click();
    await page.getByText("Name is required", { exact: true }).waitFor();
    await page.getByText("Title must be at least 5 characters", { exact: true }).waitFor();
    expect(posted).toBe(0);
  });

  it("creates a NEW ticket from the public fields and confirms it with its id", async () => {
    const page = await openForm();
    await fillValidTicket(page, "Printer offline after update");
    await submitAndSeePending(page, "**/api/tickets", "Submit Support Ticket", "Submitting...");

    await page.getByRole("heading", { name: "Ticket Submitted Successfully!" }).waitFor();
    const id = (await page.locator("main code").textContent())!.trim();
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    await expectToast(page, "Ticket submitted successfully", id);
    await expectToast(page, "Ticket submitted successfully", "We'll get back to you soon!");
    expect(await page.getByText("Keep your ticket ID", { exact: false }).count()).toBe(1);
    expect(await page.getByText("respond within the SLA time frame", { exact: false }).count()).toBe(1);
    expect(await page.getByText("sent by email to the address you gave", { exact: false }).count()).toBe(1);

    const token = await e2e.server.login("admin@northwind.test");
    const ticket = (await (await e2e.server.request(`/api/tickets/${id}`, { token })).json()) as Record<
      string,
      unknown
    >;
    expect(ticket).toMatchObject({
      title: "Printer offline after update",
      description: "Nobody in the office can print since this morning's update.",
      requesterName: "Priya Raman",
      requesterEmail: "priya@birch-legal.test",
      type: "INCIDENT",
      priority: "P1",
      status: "NEW",
    });

    await startAnother(page, "Submit Another Ticket", "Submit Support Ticket");
    expect(await textbox(page, "Issue Summary").inputValue()).toBe("");
    expect(await select(page, "Priority").inputValue()).toBe("P3");
  });

  it("shows 'Failed to submit ticket' and the toast 'Submission failed' with '{status}: {body}'", async () => {
    const page = await openForm();
    await page.route("**/api/tickets", (route) =>
      route.fulfill({ status: 500, contentType: "text/plain", body: "Ticket store offline" }),
    );
    await fillValidTicket(page, "Server error path");
    await page.getByRole("button", { name: "Submit Support Ticket" }).click();

    await expectToast(page, "Submission failed", "500: Ticket store offline");
    expect(await page.getByText("Failed to submit ticket", { exact: true }).count()).toBe(1);
    expect(await textbox(page, "Issue Summary").inputValue()).toBe("Server error path");
  });

  it("shows 'Failed to fetch clients' when the client list cannot be loaded", async () => {
    const context = await e2e.browser.newContext({ baseURL: e2e.server.url });
    await context.route("**/api/admin/clients", (route) => route.fulfill({ status: 500, body: "" }));
    const page = await context.newPage();
    await page.goto("/submit-ticket");
    await expectToast(page, "Failed to fetch clients", "500: Internal Server Error");
    expect(await page.locator("main").getByText("Failed to fetch clients", { exact: true }).count()).toBe(1);
    await context.close();
  });

  // Last: it uses up this address's submissions for the test server.
  it("answers the rate limit with a clear 429 message", async () => {
    for (let i = 0; i < 12; i += 1) {
      const res = await e2e.server.request("/api/tickets", {
        method: "POST",
        json: {
          title: `Flood ticket ${i}`,
          description: "Filling the per-address limit of the public form.",
          requesterName: "Flood Test",
          requesterEmail: "flood@example.test",
          clientId: ((await (await e2e.server.request("/api/admin/clients")).json()) as { id: string }[])[0]!.id,
          priority: "P4",
          type: "Task",
        },
      });
      if (res.status === 429) break;
    }
    const page = await openForm();
    await fillValidTicket(page, "One ticket too many");
    await page.getByRole("button", { name: "Submit Support Ticket" }).click();
    await expectToast(
      page,
      "Submission failed",
      /^.*429: Too many submissions from your network\. Please try again in \d+ minutes?\./,
    );
  });
});
