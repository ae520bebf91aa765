import { describe, expect, it } from "vitest";
import { STORAGE_KEYS, readAuthToken, readAuthType, readStoredUser } from "../../lib/auth-storage";
import { signInAs } from "../../test/sessions";
import { signInClient, type ClientSignInApi } from "./client-sign-in";

const dana = { name: "Dana Whitfield", email: "client@acme.test", role: "CLIENT" as const };
const credentials = { email: "client@acme.test", password: "demo-password" };

/** Records the order of events, and what storage held when each call was made. */
function recordingApi(overrides: Partial<ClientSignInApi> = {}) {
  const steps: string[] = [];
  const api: ClientSignInApi = {
    forgetCachedData: () => {
      steps.push(`forget cached data (token ${readAuthToken() ?? "none"})`);
    },
    logout: async () => {
      steps.push(`logout (token ${readAuthToken() ?? "none"})`);
      await overrides.logout?.();
    },
    login: async (input) => {
      steps.push(`login ${input.email}`);
      return overrides.login ? overrides.login(input) : { token: "new-token", user: dana };
    },
  };
  return { api, steps };
}

describe("client sign-in sequence", () => {
  it("stores nothing yet when the account has a second factor, and hands back the challenge", async () => {
    // The API's 401 for a second factor, as the tRPC client hands it over: the challenge rides in its data.
    const secondStep = { code: "SECOND_FACTOR_REQUIRED", challenge: "chal-1", secondFactor: "totp" };
    const refusal = Object.assign(new Error("Enter the code"), { data: { code: "UNAUTHORIZED", secondStep } });
    const { api } = recordingApi({ login: () => Promise.reject(refusal) });

    expect(await signInClient(api, credentials)).toEqual({ challenge: "chal-1", secondFactor: "totp" });
    expect(readAuthToken()).toBeNull();
  });

  it("clears the stored session and cache, logs out, logs in, then stores token, user and auth_type client", async () => {
    signInAs("AGENT");
    const { api, steps } = recordingApi();

    const answer = await signInClient(api, credentials);

    expect(steps).toEqual(["forget cached data (token none)", "logout (token none)", "login client@acme.test"]);
    expect(answer).toEqual({ user: dana });
    expect(readAuthToken()).toBe("new-token");
    expect(readStoredUser()).toEqual(dana);
    expect(readAuthType()).toBe("client");
  });

  it("ignores a failing logout call", async () => {
    const { api, steps } = recordingApi({ logout: () => Promise.reject(new Error("500: boom")) });

    await signInClient(api, credentials);

    expect(steps).toEqual(["forget cached data (token none)", "logout (token none)", "login client@acme.test"]);
    expect(readAuthToken()).toBe("new-token");
  });

  it("stores nothing when the login is refused, and the previous session is gone", async () => {
    signInAs("CLIENT");
    const { api } = recordingApi({ login: () => Promise.reject(new Error("Invalid email or password")) });

    await expect(signInClient(api, credentials)).rejects.toThrow("Invalid email or password");

    for (const key of Object.values(STORAGE_KEYS)) expect(window.localStorage.getItem(key)).toBeNull();
  });
});
