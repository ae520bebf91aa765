import { describe, expect, it } from "vitest";
import { device as fixture } from "../../test/device-fixtures";
import { EMPTY_DEVICE_FORM, deviceFormValues, devicePayload } from "./device-form-values";

describe("device form payload", () => {
  it("removes empty values and trims the rest", () => {
    expect(devicePayload({ ...EMPTY_DEVICE_FORM, serialNumber: " SN-9 ", assignedUser: "  ", notes: "" })).toEqual({
      serialNumber: "SN-9",
      status: "IN_USE",
      encryptionEnabled: false,
    });
  });

  it("sends dates as calendar dates", () => {
    const payload = devicePayload({
      ...EMPTY_DEVICE_FORM,
      serialNumber: "SN",
      purchaseDate: "2025-03-01",
      warrantyExpiry: "2028-03-01",
    });
    expect(payload).toMatchObject({ purchaseDate: "2025-03-01", warrantyExpiry: "2028-03-01" });
  });

  // A saved device, as the edit form opens it.
  const device = fixture({
    assignedUser: "Dana",
    platform: "macOS",
    serialNumber: "SN-1",
    purchaseDate: "2024-01-15",
    lastCheckIn: "2026-11-20T14:35:00.000Z",
  });

  it("shows a device's fields, with blanks for what it lacks", () => {
    const values = deviceFormValues(device);
    expect(values).toMatchObject({
      assignedUser: "Dana",
      email: "",
      model: "",
      purchaseDate: "2024-01-15",
      lastCheckIn: "2026-11-20",
    });
  });

  it("keeps the last check-in's time when its date was not changed, and takes a new date as given", () => {
    expect(devicePayload(deviceFormValues(device), device).lastCheckIn).toBe("2026-11-20T14:35:00.000Z");
    expect(devicePayload({ ...deviceFormValues(device), lastCheckIn: "2026-11-21" }, device).lastCheckIn).toBe(
      "2026-11-21",
    );
  });

  it("round-trips an unchanged device without inventing values", () => {
    const payload = devicePayload(deviceFormValues(device), device);
    expect(payload).toEqual({
      assignedUser: "Dana",
      deviceType: "laptop",
      platform: "macOS",
      serialNumber: "SN-1",
      status: "IN_USE",
      purchaseDate: "2024-01-15",
      lastCheckIn: "2026-11-20T14:35:00.000Z",
      encryptionEnabled: true,
    });
  });
});
