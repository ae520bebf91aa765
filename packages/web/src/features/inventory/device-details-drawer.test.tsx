import type { Device, DeviceHistoryPage } from "@repo/validators";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { formatExact } from "../../lib/format-date";
import { device } from "../../test/device-fixtures";
import { setupFakeApi } from "../../test/fake-api";
import { renderApp } from "../../test/render-app";
import { signInAs } from "../../test/sessions";

const api = setupFakeApi();

const SEEN = "2026-11-27T14:05:00.000Z";
/** Added by a check-in: it reported a user, the model and the OS, but no encryption. */
const checkedIn = device({
  id: "0190a000-0000-7000-8000-000000000001",
  serialNumber: "SN-CHECKIN",
  assignedUser: "jdoe",
  model: "Dell Latitude 7440",
  platform: "Windows",
  location: "Front desk",
  lastCheckIn: SEEN,
  factsAt: SEEN,
  needsReview: true,
  facts: {
    hostname: "front-desk-01",
    serial: "SN-CHECKIN",
    manufacturer: "Dell",
    model: "Latitude 7440",
    os: "Windows 11 Pro",
    osBuild: "26100.2314",
    signedInUser: "jdoe",
    antivirus: { name: "Microsoft Defender", enabled: true, signatureAgeDays: 2 },
    diskTotalBytes: 512_000_000_000,
    diskFreeBytes: 128_000_000_000,
    ipAddresses: ["192.0.2.10", "fe80::1"],
  },
});
const typedOnly = device({ serialNumber: "SN-TYPED", assignedUser: "Robin Typed" });

const history: DeviceHistoryPage = {
  checkins: [{ id: "0190a000-0000-7000-8000-0000000000f1", reportedAt: SEEN, facts: checkedIn.facts! }],
  nextCursor: null,
};

function serve(devices: Device[]) {
  api.on({
    "devices.page": () => ({ devices, nextCursor: null }),
    "devices.metrics": () => ({ total: devices.length, inUse: 2, available: 0, atRisk: 0, warrantyExpiring: 0 }),
    "devices.history": () => history,
    "clients.list": () => ({ clients: [] }),
  });
}

async function openDetails(name: string) {
  fireEvent.click(await screen.findByRole("button", { name }));
  return within(await screen.findByRole("dialog", { name: /^Device / }));
}

describe("device details", () => {
  it("says which values came from the device and when, and which were typed", async () => {
    serve([checkedIn, typedOnly]);
    signInAs("ADMIN");
    renderApp("/inventory");

    const row = within((await screen.findAllByTestId("device-row"))[0]!);
    expect(row.getByText("Needs review")).toBeTruthy();
    const drawer = await openDetails("jdoe");
    const fromDevice = `From device, ${formatExact(SEEN)}`;
    expect(drawer.getByTestId("source-assignedUser").textContent).toBe(fromDevice);
    expect(drawer.getByTestId("source-model").textContent).toBe(fromDevice);
    expect(drawer.getByTestId("source-platform").textContent).toBe(fromDevice);
    expect(drawer.getByTestId("source-serialNumber").textContent).toBe(fromDevice);
    // Not reported by the check-in: kept as typed.
    expect(drawer.getByTestId("source-encryptionEnabled").textContent).toBe("Typed");
    expect(drawer.getByTestId("source-location").textContent).toBe("Typed");

    const facts = within(drawer.getByTestId("device-facts"));
    expect(facts.getByText("26100.2314")).toBeTruthy();
    expect(facts.getByText("Microsoft Defender, on")).toBeTruthy();
    expect(facts.getByText("2 days old")).toBeTruthy();
    expect(facts.getByText("128.0 GB free of 512.0 GB")).toBeTruthy();
    expect(facts.getByText("192.0.2.10, fe80::1")).toBeTruthy();

    const checkins = within(await drawer.findByTestId("checkin-history"));
    expect(checkins.getByText("Windows 11 Pro")).toBeTruthy();
    expect(api.callsTo("devices.history").at(-1)?.input).toMatchObject({ id: checkedIn.id });
  });

  it("labels every value of a typed-only device Typed, and it was never seen", async () => {
    serve([typedOnly]);
    signInAs("CLIENT", "Dana Whitfield");
    renderApp("/client/inventory");

    const row = within((await screen.findAllByTestId("device-row"))[0]!);
    expect(row.getByText("Never")).toBeTruthy();
    const drawer = await openDetails("Robin Typed");
    for (const source of drawer.getAllByTestId(/^source-/)) expect(source.textContent).toBe("Typed");
    expect(drawer.getByText("This device has never checked in: every value above was typed.")).toBeTruthy();
    // A client reads; only staff mark a device reviewed.
    expect(drawer.queryByRole("button", { name: "Mark reviewed" })).toBeNull();
  });

  it("marks a device reviewed and shows it without the flag", async () => {
    serve([checkedIn]);
    api.on({ "devices.markReviewed": () => ({ ...checkedIn, needsReview: false }) });
    signInAs("AGENT");
    renderApp("/inventory");

    const drawer = await openDetails("jdoe");
    fireEvent.click(drawer.getByRole("button", { name: "Mark reviewed" }));
    await waitFor(() => expect(drawer.queryByRole("button", { name: "Mark reviewed" })).toBeNull());
    expect(api.callsTo("devices.markReviewed").at(-1)?.input).toEqual({ id: checkedIn.id });
    expect(drawer.queryByText("Needs review")).toBeNull();
  });

  it("sends the Check-in filter to the list and keeps it in the URL", async () => {
    serve([checkedIn]);
    signInAs("ADMIN");
    const { router } = renderApp("/inventory?flag=needsReview");

    await screen.findAllByTestId("device-row");
    await waitFor(() => expect(api.callsTo("devices.page").at(-1)?.input).toMatchObject({ flag: "needsReview" }));
    expect(api.callsTo("devices.metrics").at(-1)?.input).toMatchObject({ flag: "needsReview" });
    expect(router.state.location.search).toEqual({ flag: "needsReview" });
  });
});
