// What adding a passkey (My account) and signing in with one (both sign-in pages) share: the server's options,
// the browser's dialog, then the server's check of the browser's answer.
import { startAuthentication, startRegistration } from "@simplewebauthn/browser";
import { useState } from "react";

// tRPC types the server's options loosely; they are the JSON the browser's dialog takes.

/** The browser's dialog that makes a new passkey for the server's options. */
export async function browserRegistration(options: Promise<unknown>) {
  return startRegistration({ optionsJSON: (await options) as Parameters<typeof startRegistration>[0]["optionsJSON"] });
}

/** The browser's dialog that signs the server's challenge with one of the site's passkeys. */
export async function browserSignature(options: Promise<unknown>) {
  return startAuthentication({
    optionsJSON: (await options) as Parameters<typeof startAuthentication>[0]["optionsJSON"],
  });
}

/**
 * Runs a passkey ceremony and says whether one is running. The person closing the browser's dialog
 * (NotAllowedError) is no failure worth reporting; any other error goes to `onFailed`.
 */
export function usePasskeyCeremony() {
  const [running, setRunning] = useState(false);

  async function run(ceremony: () => Promise<void>, onFailed: (error: unknown) => void) {
    setRunning(true);
    try {
      await ceremony();
    } catch (error) {
      if ((error as Error).name !== "NotAllowedError") onFailed(error);
    } finally {
      setRunning(false);
    }
  }

  return { running, run };
}
