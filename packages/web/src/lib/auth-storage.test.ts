import { describe, expect, it } from "vitest";
import {
  STORAGE_KEYS,
  clearSession,
  hasClientSession,
  hasStaffSession,
  readAuthToken,
  readAuthType,
  readStoredUser,
  writeSession,
} from "./auth-storage";

const admin = { name: "Ada", email: "ada@example.test", role: "ADMIN" as const };

describe("auth storage", () => {
  it("writes the three keys of the spec and reads them back", () => {
    writeSession({ token: "t1", user: admin, authType: "admin" });

    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBe("t1");
    expect(JSON.parse(window.localStorage.getItem(STORAGE_KEYS.user) ?? "null")).toEqual(admin);
    expect(window.localStorage.getItem(STORAGE_KEYS.authType)).toBe("admin");
    expect(readAuthToken()).toBe("t1");
    expect(readStoredUser()).toEqual(admin);
    expect(readAuthType()).toBe("admin");
  });

  it("clears the session", () => {
    writeSession({ token: "t1", user: admin, authType: "admin" });
    clearSession();

    expect(readAuthToken()).toBeNull();
    expect(readStoredUser()).toBeNull();
    expect(readAuthType()).toBeNull();
    expect(hasStaffSession()).toBe(false);
  });

  it.each([
    ["not JSON", "{oops"],
    ["an unknown role", JSON.stringify({ ...admin, role: "ROOT" })],
    ["a missing name", JSON.stringify({ email: admin.email, role: "ADMIN" })],
    ["null", "null"],
  ])("ignores a stored user that is %s", (_, raw) => {
    window.localStorage.setItem(STORAGE_KEYS.token, "t1");
    window.localStorage.setItem(STORAGE_KEYS.user, raw);

    expect(readStoredUser()).toBeNull();
    expect(hasStaffSession()).toBe(false);
  });

  it("tells staff sessions from client sessions by role, not by auth_type", () => {
    writeSession({ token: "t1", user: { ...admin, role: "CLIENT" }, authType: "admin" });
    expect(hasClientSession()).toBe(true);
    expect(hasStaffSession()).toBe(false);

    writeSession({ token: "t1", user: { ...admin, role: "AGENT" }, authType: "client" });
    expect(hasStaffSession()).toBe(true);
    expect(hasClientSession()).toBe(false);
  });

  it("treats an empty token as no token", () => {
    writeSession({ token: "", user: admin, authType: "admin" });

    expect(readAuthToken()).toBeNull();
    expect(hasStaffSession()).toBe(false);
  });
});
