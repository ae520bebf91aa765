// A device as the API serves it (`Device` in @repo/validators), for component tests: a compliant
// Windows laptop with every optional field empty, changed by what a test names.
import type { Device } from "@repo/validators";

export function device(overrides: Partial<Device> = {}): Device {
  return {
    id: overrides.serialNumber ?? "d",
    clientId: "c-acme",
    clientName: "Acme Dental",
    version: 1,
    assignedUser: null,
    email: null,
    deviceType: "laptop",
    platform: "Windows",
    model: null,
    serialNumber: "SN",
    assetTag: null,
    status: "IN_USE",
    location: null,
    purchaseDate: null,
    warrantyExpiry: null,
    lastCheckIn: null,
    encryptionEnabled: true,
    notes: null,
    facts: null,
    factsAt: null,
    stale: false,
    needsReview: false,
    complianceOk: true,
    compliance: "COMPLIANT",
    complianceIssues: [],
    warrantyExpiring: false,
    createdAt: "2025-01-01T00:00:00.000Z",
    updatedAt: "2025-01-01T00:00:00.000Z",
    ...overrides,
  };
}
