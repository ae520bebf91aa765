import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { failsWith } from "../../test/fake-api";
import { renderApp } from "../../test/render-app";
import { signInAs } from "../../test/sessions";
import { ACME, BIRCH, USERS, company } from "../../test/staff-fixtures";
import { setupStaffTest } from "../../test/staff-test";

const { api } = setupStaffTest();

const acme = company({
  ...ACME,
  contactEmail: "office@acme.test",
  contactPhone: "416-555-0100",
  address: "1 King St W",
});
const birch = company(BIRCH);

async function openClients() {
  api.on({ "clients.list": () => ({ clients: [acme, birch] }), "users.list": () => ({ users: USERS }) });
  signInAs("ADMIN");
  const { router } = renderApp("/clients");
  await screen.findByRole("heading", { name: "Clients", level: 1 });
  await screen.findByRole("article", { name: ACME.name });
  return { queryClient: router.options.context.queryClient };
}

describe("Clients screen (/clients)", () => {
  it("shows each company's profile, Not provided for a missing email, and its portal users", async () => {
    await openClients();
    const acmeCard = within(screen.getByRole("article", { name: ACME.name }));
    expect(acmeCard.getByRole("link", { name: "office@acme.test" }).getAttribute("href")).toBe(
      "mailto:office@acme.test",
    );
    expect(acmeCard.getByText("416-555-0100")).toBeTruthy();
    await waitFor(() => expect(acmeCard.getByText("1 portal user")).toBeTruthy());
    expect(within(screen.getByRole("article", { name: BIRCH.name })).getByText("Not provided")).toBeTruthy();
  });

  it("adds a company, checking the name and the email first", async () => {
    await openClients();
    api.on({ "clients.create": (input) => company({ id: "c-new", ...input }) });
    fireEvent.click(screen.getByRole("button", { name: "Add Client" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Add Client" }));

    fireEvent.change(dialog.getByLabelText(/^Contact Email/), { target: { value: "nope" } });
    fireEvent.click(dialog.getByRole("button", { name: "Create Client" }));
    expect(await dialog.findByText("Company name is required")).toBeTruthy();
    expect(dialog.getByText("Invalid email address")).toBeTruthy();

    const cedar = { name: "Cedar Dental", contactEmail: "front@cedar.test" };
    fireEvent.change(dialog.getByLabelText(/^Company Name/), { target: { value: cedar.name } });
    fireEvent.change(dialog.getByLabelText(/^Contact Email/), { target: { value: cedar.contactEmail } });
    fireEvent.click(dialog.getByRole("button", { name: "Create Client" }));

    // The fields left blank are sent empty.
    await api.expectSaved("Client created", "clients.create", {
      ...cedar,
      contactPhone: "",
      address: "",
      description: "",
      ssoRequired: false,
      showTimeToClient: false,
      trustedDomains: [],
    });
  });

  it("edits a profile, prefilled, and clears a field by sending it empty", async () => {
    await openClients();
    api.on({ "clients.update": ({ id, ...input }) => company({ ...acme, ...input, id }) });
    fireEvent.click(screen.getByRole("button", { name: `Edit ${ACME.name}` }));
    const dialog = within(await screen.findByRole("dialog", { name: `Edit ${ACME.name}` }));
    expect((dialog.getByLabelText(/^Address/) as HTMLInputElement).value).toBe("1 King St W");

    fireEvent.change(dialog.getByLabelText(/^Address/), { target: { value: "" } });
    fireEvent.click(dialog.getByRole("button", { name: "Save Changes" }));

    expect(await screen.findByText("Client updated")).toBeTruthy();
    // Only the field the person changed goes out (docs/architecture.md §8a).
    const sent = api.callsTo("clients.update")[0]!.input as Record<string, unknown>;
    expect(sent).toMatchObject({ id: ACME.id, address: "" });
    expect("name" in sent).toBe(false);
  });

  it("lets an admin require single sign-on for a company", async () => {
    await openClients();
    api.on({ "clients.update": ({ id, ...input }) => company({ ...acme, ...input, id }) });
    fireEvent.click(screen.getByRole("button", { name: `Edit ${ACME.name}` }));
    const dialog = within(await screen.findByRole("dialog", { name: `Edit ${ACME.name}` }));
    const box = dialog.getByRole("checkbox", { name: /Require single sign-on/ }) as HTMLInputElement;
    expect(box.checked).toBe(false);
    fireEvent.click(box);
    fireEvent.click(dialog.getByRole("button", { name: "Save Changes" }));

    expect(await screen.findByText("Client updated")).toBeTruthy();
    expect(api.callsTo("clients.update")[0]!.input).toMatchObject({ id: ACME.id, ssoRequired: true });
  });

  it("warns, while single sign-on is required, that the server has no provider to sign in with", async () => {
    await openClients();
    fireEvent.click(screen.getByRole("button", { name: `Edit ${ACME.name}` }));
    const dialog = within(await screen.findByRole("dialog", { name: `Edit ${ACME.name}` }));
    const warning = { name: /No single sign-on provider is set up/ };
    expect(dialog.queryByRole("alert", warning)).toBeNull();

    fireEvent.click(dialog.getByRole("checkbox", { name: /Require single sign-on/ }));
    expect(await dialog.findByRole("alert", warning)).toBeTruthy();
    fireEvent.click(dialog.getByRole("checkbox", { name: /Require single sign-on/ }));
    await waitFor(() => expect(dialog.queryByRole("alert", warning)).toBeNull());
  });

  it("gives no such warning where the server has a provider", async () => {
    const { queryClient } = await openClients();
    api.on({ "auth.ssoProviders": () => [{ id: "microsoft", label: "Microsoft" }] });
    fireEvent.click(screen.getByRole("button", { name: `Edit ${ACME.name}` }));
    const dialog = within(await screen.findByRole("dialog", { name: `Edit ${ACME.name}` }));
    const ssoRequired = dialog.getByRole("checkbox", { name: /Require single sign-on/ });
    fireEvent.click(ssoRequired);
    // Once the answer is in the cache, ticking the box again renders with it at once: no time to guess.
    await waitFor(() =>
      expect(
        queryClient.getQueryCache().find({ queryKey: [["auth", "ssoProviders"]], exact: false })?.state.status,
      ).toBe("success"),
    );
    fireEvent.click(ssoRequired);
    fireEvent.click(ssoRequired);
    expect(dialog.queryByRole("alert", { name: /No single sign-on provider/ })).toBeNull();
  });

  it("shows the server's refusal of a taken name", async () => {
    await openClients();
    api.on({
      "clients.update": failsWith("CONFLICT", "A client with this name already exists"),
    });
    fireEvent.click(screen.getByRole("button", { name: `Edit ${BIRCH.name}` }));
    const dialog = within(await screen.findByRole("dialog", { name: `Edit ${BIRCH.name}` }));
    fireEvent.change(dialog.getByLabelText(/^Company Name/), { target: { value: ACME.name } });
    fireEvent.click(dialog.getByRole("button", { name: "Save Changes" }));

    expect(await screen.findByText("A client with this name already exists")).toBeTruthy();
  });

  it("sets a company's tax code and billing contact, checking the e-mail first", async () => {
    await openClients();
    api.on({
      "billing.taxCodes": () => [
        { id: "tc-hst", name: "HST 13%", components: [], isDefault: true, archived: false, version: 1 },
        { id: "tc-gst", name: "GST 5%", components: [], isDefault: false, archived: false, version: 1 },
      ],
      "billing.setCompanyBilling": () => ({ success: true }),
    });
    fireEvent.click(screen.getByRole("button", { name: `Billing ${ACME.name}` }));
    const dialog = within(await screen.findByRole("dialog", { name: `Billing: ${ACME.name}` }));
    await waitFor(() =>
      expect((dialog.getByRole("combobox", { name: "Tax code" }) as HTMLInputElement).value).toBe("Default (HST 13%)"),
    );
    fireEvent.click(dialog.getByRole("combobox", { name: "Tax code" }));
    fireEvent.click(screen.getByRole("option", { name: "GST 5%", hidden: true }));
    fireEvent.change(dialog.getByLabelText(/^Billing e-mail/), { target: { value: "ap@acme" } });
    fireEvent.click(dialog.getByRole("button", { name: "Save billing" }));
    expect(await dialog.findByText("Billing e-mail must be a valid e-mail address")).toBeTruthy();
    expect(api.callsTo("billing.setCompanyBilling")).toHaveLength(0);
    fireEvent.change(dialog.getByLabelText(/^Billing e-mail/), { target: { value: "ap@acme.test" } });
    fireEvent.click(dialog.getByRole("button", { name: "Save billing" }));
    await api.expectSaved("Billing saved", "billing.setCompanyBilling", {
      clientId: acme.id,
      taxCodeId: "tc-gst",
      billingEmail: "ap@acme.test",
      billingAddress: null,
    });
  });
});
