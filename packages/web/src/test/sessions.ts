import type { Role } from "@repo/validators";
import { writeSession } from "../lib/auth-storage";

/** Stores a session the way the login screens do. */
export function signInAs(role: Role, name = "Ada Lovelace") {
  writeSession({
    token: `token-${role.toLowerCase()}`,
    user: { name, email: `${role.toLowerCase()}@example.test`, role },
    authType: role === "CLIENT" ? "client" : "admin",
  });
}
