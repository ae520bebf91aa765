import type { Device } from "@repo/validators";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { describe, expect, it, vi } from "vitest";
import { FakeApiError, failsWith, setupFakeApi } from "../../test/fake-api";
import { renderApp } from "../../test/render-app";
import { device } from "../../test/device-fixtures";
import { signInAs } from "../../test/sessions";

const api = setupFakeApi();

const laptop = device({
  serialNumber: "SN-LAPTOP",
  assignedUser: "Dana Whitfield",
  email: "dana@acme.test",
  model: "ThinkPad T14",
});
const spare = device({
  serialNumber: "SN-SPARE",
  status: "SPARE",
  complianceOk: false,
  compliance: "AT_RISK",
  complianceIssues: ["Disk not encrypted"],
  warrantyExpiry: "2026-11-30",
  warrantyExpiring: true,
});
const metrics = { total: 2, inUse: 1, available: 1, atRisk: 1, warrantyExpiring: 1 };

function serveInventory(devices: Device[] = [laptop, spare]) {
  api.on({
    "devices.page": () => ({ devices, nextCursor: null }),
    "devices.metrics": () => metrics,
    "clients.list": () => ({ clients: [] }),
  });
}

async function openClientInventory() {
  signInAs("CLIENT", "Dana Whitfield");
  renderApp("/client/inventory");
  await screen.findByText("SN-LAPTOP");
}

const lastInput = (path: string) => api.callsTo(path).at(-1)?.input;
/** The list's query, without what the infinite query adds to page through it. */
const listInput = () => {
  const {
    cursor: _cursor,
    direction: _direction,
    ...query
  } = (lastInput("devices.page") ?? {}) as Record<string, unknown>;
  return query;
};

describe("device inventory", () => {
  it("lists the company's devices with the five metrics", async () => {
    serveInventory();
    await openClientInventory();

    expect(screen.getAllByTestId("device-row")).toHaveLength(2);
    const card = (label: string) => within(screen.getByLabelText(label));
    await waitFor(() => expect(card("Total Devices").getByText("2")).toBeTruthy());
    expect(card("In Use").getByText("1")).toBeTruthy();
    expect(card("Available").getByText("1")).toBeTruthy();
    expect(card("At Risk").getByText("1")).toBeTruthy();
    expect(card("Warranty Expiring").getByText("1")).toBeTruthy();
    expect(within(screen.getAllByTestId("device-row")[1]!).getByText("At Risk")).toBeTruthy();
    expect(listInput()).toEqual({ sort: "assignedUser", dir: "asc" });
  });

  it("sends the status filter, the search and the sort to the list and the metrics", async () => {
    serveInventory();
    await openClientInventory();

    fireEvent.click(screen.getByLabelText("Status", { selector: "input" }));
    fireEvent.click(await screen.findByRole("option", { name: "Available", hidden: true }));
    await waitFor(() => expect(listInput()).toEqual({ sort: "assignedUser", dir: "asc", status: "SPARE" }));
    expect(lastInput("devices.metrics")).toEqual({ sort: "assignedUser", dir: "asc", status: "SPARE" });

    fireEvent.change(screen.getByLabelText("Search"), { target: { value: " thinkpad " } });
    await waitFor(() => expect(listInput()).toMatchObject({ q: "thinkpad", status: "SPARE" }));

    fireEvent.click(screen.getByRole("button", { name: "Warranty Expiry" }));
    await waitFor(() => expect(listInput()).toMatchObject({ sort: "warrantyExpiry", dir: "asc" }));
    fireEvent.click(screen.getByRole("button", { name: /Warranty Expiry/ }));
    await waitFor(() => expect(listInput()).toMatchObject({ sort: "warrantyExpiry", dir: "desc" }));
  });

  it("reads search, status and sort from the URL, and writes each change back to it", async () => {
    serveInventory();
    signInAs("CLIENT");
    const { router } = renderApp("/client/inventory?q=think&status=SPARE&sort=model&dir=desc&page=7");
    await screen.findByText("SN-LAPTOP");
    expect(listInput()).toEqual({ sort: "model", dir: "desc", q: "think", status: "SPARE" });
    expect((screen.getByLabelText("Search") as HTMLInputElement).value).toBe("think");
    expect((screen.getByLabelText("Status", { selector: "input" }) as HTMLInputElement).value).toBe("Available");
    expect(screen.getByRole("button", { name: /Sorted descending/ })).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: /Sorted descending/ }));
    await waitFor(() => expect(router.state.location.search).toEqual({ q: "think", status: "SPARE", sort: "model" }));
    fireEvent.change(screen.getByLabelText("Search"), { target: { value: "" } });
    await waitFor(() => expect(router.state.location.search).toEqual({ status: "SPARE", sort: "model" }));
    expect(listInput()).toEqual({ sort: "model", dir: "asc", status: "SPARE" });
  });

  it("drops what it does not know in the URL instead of failing", async () => {
    serveInventory();
    signInAs("CLIENT");
    renderApp("/client/inventory?status=BROKEN&sort=password&dir=sideways");
    await screen.findByText("SN-LAPTOP");
    expect(listInput()).toEqual({ sort: "assignedUser", dir: "asc" });
  });

  it("shows a page of devices and the next one after the last, with the total counted by the server", async () => {
    api.on({
      "devices.page": (input: { cursor?: string }) =>
        input.cursor === laptop.id
          ? { devices: [spare], nextCursor: null }
          : { devices: [laptop], nextCursor: laptop.id },
      "devices.metrics": () => metrics,
    });
    signInAs("CLIENT");
    renderApp("/client/inventory?status=SPARE");
    await screen.findByText("SN-LAPTOP");
    expect(await screen.findByText("2 devices")).toBeTruthy();
    expect(screen.queryByText("SN-SPARE")).toBeNull();

    fireEvent.click(screen.getByRole("button", { name: "Show more devices (1 of 2 shown)" }));
    expect(await screen.findByText("SN-SPARE")).toBeTruthy();
    expect(lastInput("devices.page")).toMatchObject({ status: "SPARE", cursor: laptop.id });
    expect(screen.getAllByTestId("device-row")).toHaveLength(2);
    expect(screen.queryByRole("button", { name: /Show more devices/ })).toBeNull();
  });

  it("shows the empty state", async () => {
    serveInventory([]);
    signInAs("CLIENT");
    renderApp("/client/inventory");
    expect(await screen.findByText("No devices found. Try adjusting your filters or add a new device.")).toBeTruthy();
  });

  it("shows the error card when the list cannot be loaded", async () => {
    api.on({
      "devices.page": failsWith("INTERNAL_SERVER_ERROR", "Internal server error"),
      "devices.metrics": () => metrics,
    });
    signInAs("CLIENT");
    renderApp("/client/inventory");
    expect(await screen.findByText("Error Loading Inventory")).toBeTruthy();
  });

  it("offers Edit but never Delete to a client", async () => {
    serveInventory();
    await openClientInventory();
    expect(screen.getAllByRole("button", { name: /^Edit / })).toHaveLength(2);
    expect(screen.queryByRole("button", { name: /^Delete / })).toBeNull();
  });

  it("saves an edit with empty values removed and says 'Device updated successfully'", async () => {
    serveInventory();
    api.on({ "devices.update": ({ id, ...fields }) => ({ ...laptop, ...fields }) });
    await openClientInventory();

    fireEvent.click(screen.getByRole("button", { name: "Edit SN-LAPTOP" }));
    const dialog = within(await screen.findByRole("dialog"));
    fireEvent.change(dialog.getByLabelText("Model"), { target: { value: "" } });
    fireEvent.change(dialog.getByLabelText("Warranty Expiry"), { target: { value: "2028-05-31" } });
    fireEvent.click(dialog.getByRole("button", { name: "Save Changes" }));

    expect(await screen.findByText("Device updated successfully")).toBeTruthy();
    expect(lastInput("devices.update")).toEqual({
      id: "SN-LAPTOP",
      serialNumber: "SN-LAPTOP",
      assignedUser: "Dana Whitfield",
      email: "dana@acme.test",
      deviceType: "laptop",
      platform: "Windows",
      status: "IN_USE",
      warrantyExpiry: "2028-05-31",
      encryptionEnabled: true,
      // The version the dialog opened on: an edit saved elsewhere since is refused (docs/architecture.md §8a).
      version: 1,
    });
  });

  it("on an edit saved elsewhere meanwhile, shows the current device and keeps the person's change to re-apply", async () => {
    serveInventory();
    const current = { ...laptop, location: "Front desk", version: 2 };
    api.on({
      "devices.update": ({ version }) => {
        if (version === 1) throw new FakeApiError("CONFLICT", "This device was changed by someone else.", { current });
        return { ...current, model: "Latitude 7450", version: 3 };
      },
    });
    await openClientInventory();

    fireEvent.click(screen.getByRole("button", { name: "Edit SN-LAPTOP" }));
    const dialog = within(await screen.findByRole("dialog"));
    fireEvent.change(dialog.getByLabelText("Model"), { target: { value: "Latitude 7450" } });
    fireEvent.click(dialog.getByRole("button", { name: "Save Changes" }));

    expect(await dialog.findByText("Changed elsewhere")).toBeTruthy();
    expect((dialog.getByLabelText("Location") as HTMLInputElement).value).toBe("Front desk");
    expect(dialog.getByText("Model: Latitude 7450")).toBeTruthy();
    expect((dialog.getByRole("button", { name: "Save Changes" }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(dialog.getByRole("button", { name: "Re-apply my changes" }));
    await waitFor(() => expect((dialog.getByLabelText("Model") as HTMLInputElement).value).toBe("Latitude 7450"));
    fireEvent.click(dialog.getByRole("button", { name: "Save Changes" }));
    await waitFor(() => expect(api.callsTo("devices.update")).toHaveLength(2));
    expect(await screen.findByText("Device updated successfully")).toBeTruthy();
    expect(lastInput("devices.update")).toMatchObject({ model: "Latitude 7450", location: "Front desk", version: 2 });
  });

  it("refuses an edit without a serial number, and shows the fallback when the server gives no reason", async () => {
    serveInventory();
    api.server.use(http.post("*/trpc/devices.update", () => HttpResponse.error()));
    await openClientInventory();

    fireEvent.click(screen.getByRole("button", { name: "Edit SN-LAPTOP" }));
    const dialog = within(await screen.findByRole("dialog"));
    fireEvent.change(dialog.getByLabelText(/Serial Number/), { target: { value: " " } });
    fireEvent.click(dialog.getByRole("button", { name: "Save Changes" }));
    expect(await dialog.findByText("Serial number is required")).toBeTruthy();
    expect(api.callsTo("devices.update")).toHaveLength(0);

    fireEvent.change(dialog.getByLabelText(/Serial Number/), { target: { value: "SN-LAPTOP" } });
    fireEvent.click(dialog.getByRole("button", { name: "Save Changes" }));
    expect(await screen.findByText("Failed to update device")).toBeTruthy();
  });

  it("exports the current filters as devices.csv", async () => {
    serveInventory();
    const requested: string[] = [];
    api.server.use(
      http.get("*/api/devices.csv", ({ request }) => {
        requested.push(`${new URL(request.url).search} ${request.headers.get("authorization")}`);
        return new HttpResponse('"serialNumber"\r\n"SN-SPARE"\r\n', { headers: { "Content-Type": "text/csv" } });
      }),
    );
    await openClientInventory();
    fireEvent.click(screen.getByLabelText("Status", { selector: "input" }));
    fireEvent.click(await screen.findByRole("option", { name: "Available", hidden: true }));
    await waitFor(() => expect(listInput()).toMatchObject({ status: "SPARE" }));

    // The download link's click is caught here: happy-dom would otherwise navigate the test window away.
    const downloads: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push(this.download);
    });
    fireEvent.click(screen.getByRole("button", { name: "Export CSV" }));

    expect(await screen.findByText("Devices exported successfully")).toBeTruthy();
    expect(requested).toEqual(["?sort=assignedUser&dir=asc&status=SPARE Bearer token-client"]);
    expect(downloads).toEqual(["devices.csv"]);
    click.mockRestore();
  });

  it("says 'Failed to export devices' when the export fails", async () => {
    serveInventory();
    api.server.use(
      http.get("*/api/devices.csv", () => HttpResponse.json({ error: "Authentication required" }, { status: 401 })),
    );
    await openClientInventory();

    fireEvent.click(screen.getByRole("button", { name: "Export CSV" }));

    expect(await screen.findByText("Failed to export devices")).toBeTruthy();
  });
});

describe("device inventory in admin mode", () => {
  function renderAdmin() {
    signInAs("ADMIN");
    renderApp("/inventory");
  }

  it("shows each device's company and deletes after a confirmation", async () => {
    serveInventory();
    api.on({ "devices.delete": () => ({ success: true }) });
    renderAdmin();

    expect((await screen.findAllByText("Acme Dental")).length).toBeGreaterThan(0);
    fireEvent.click(screen.getByRole("button", { name: "Delete SN-SPARE" }));
    const dialog = within(await screen.findByRole("dialog"));
    expect(api.callsTo("devices.delete")).toHaveLength(0);
    fireEvent.click(dialog.getByRole("button", { name: "Delete Device" }));

    expect(await screen.findByText("Device deleted successfully")).toBeTruthy();
    expect(lastInput("devices.delete")).toEqual({ id: "SN-SPARE" });
  });

  it("filters by a company chosen beside the other filters, keeps it in the URL and exports it", async () => {
    const acme = { id: "1e0c2a4e-8b3d-4c5e-9f10-2a3b4c5d6e7f", name: "Acme Dental" };
    const birch = { id: "6f1c2a4e-8b3d-4c5e-9f10-2a3b4c5d6e7f", name: "Birch Legal" };
    serveInventory();
    api.on({ "clients.list": () => ({ clients: [acme, birch] }) });
    const requested: string[] = [];
    api.server.use(
      http.get("*/api/devices.csv", ({ request }) => {
        requested.push(new URL(request.url).search);
        return new HttpResponse('"serialNumber"\r\n', { headers: { "Content-Type": "text/csv" } });
      }),
    );
    signInAs("ADMIN");
    const { router } = renderApp("/inventory?status=SPARE");
    await screen.findByText("SN-LAPTOP");
    const company = () => screen.getByLabelText("Company", { selector: "input" }) as HTMLInputElement;
    expect(company().value).toBe("All companies");
    expect(listInput()).not.toHaveProperty("clientId");

    fireEvent.click(company());
    fireEvent.click(await screen.findByRole("option", { name: "Birch Legal", hidden: true }));
    await waitFor(() =>
      expect(listInput()).toEqual({ sort: "assignedUser", dir: "asc", status: "SPARE", clientId: birch.id }),
    );
    expect(lastInput("devices.metrics")).toEqual({
      sort: "assignedUser",
      dir: "asc",
      status: "SPARE",
      clientId: birch.id,
    });
    expect(router.state.location.search).toEqual({ status: "SPARE", clientId: birch.id });

    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => {});
    fireEvent.click(screen.getByRole("button", { name: "Export CSV" }));
    expect(await screen.findByText("Devices exported successfully")).toBeTruthy();
    expect(requested).toEqual([`?sort=assignedUser&dir=asc&status=SPARE&clientId=${birch.id}`]);
    click.mockRestore();

    fireEvent.click(company());
    fireEvent.click(await screen.findByRole("option", { name: "All companies", hidden: true }));
    await waitFor(() => expect(router.state.location.search).toEqual({ status: "SPARE" }));
    expect(company().value).toBe("All companies");
  });

  it("reads the company from the URL, and drops one that is not an id", async () => {
    const birch = { id: "6f1c2a4e-8b3d-4c5e-9f10-2a3b4c5d6e7f", name: "Birch Legal" };
    serveInventory();
    api.on({ "clients.list": () => ({ clients: [birch] }) });
    signInAs("ADMIN");
    renderApp(`/inventory?clientId=${birch.id}`);
    await screen.findByText("SN-LAPTOP");
    expect(listInput()).toEqual({ sort: "assignedUser", dir: "asc", clientId: birch.id });
    await waitFor(() =>
      expect((screen.getByLabelText("Company", { selector: "input" }) as HTMLInputElement).value).toBe("Birch Legal"),
    );
  });

  it("offers a client no company filter", async () => {
    serveInventory();
    await openClientInventory();
    expect(screen.queryByLabelText("Company", { selector: "input" })).toBeNull();
  });

  it("shows the server's reason when a delete is refused", async () => {
    serveInventory();
    api.on({
      "devices.delete": failsWith("FORBIDDEN", "Viewers have read-only access"),
    });
    renderAdmin();

    fireEvent.click(await screen.findByRole("button", { name: "Delete SN-SPARE" }));
    fireEvent.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Delete Device" }));

    expect(await screen.findByText("Viewers have read-only access")).toBeTruthy();
  });
});
