// "Sign in with a passkey" under both sign-in forms: the browser offers the site's passkeys, and the one
// chosen signs in on its own.
import { Button } from "@mantine/core";
import { startAuthentication } from "@simplewebauthn/browser";
import { useState } from "react";
import type { SignedIn } from "../../lib/auth-storage";
import { serverMessage } from "../../lib/server-message";
import { trpc } from "../../lib/trpc";

interface PasskeySignInProps {
  portal: "client" | "staff";
  onSignedIn(answer: SignedIn): void | Promise<void>;
  onFailed(message: string): void;
}

export function PasskeySignIn({ portal, onSignedIn, onFailed }: PasskeySignInProps) {
  const options = trpc.auth.passkeyOptions.useMutation();
  const signIn = trpc.auth.passkeySignIn.useMutation();
  const [busy, setBusy] = useState(false);

  async function run() {
    setBusy(true);
    try {
      const optionsJSON = (await options.mutateAsync({})) as unknown as Parameters<
        typeof startAuthentication
      >[0]["optionsJSON"];
      const response = await startAuthentication({ optionsJSON });
      await onSignedIn(await signIn.mutateAsync({ response: response as never, portal }));
    } catch (error) {
      if ((error as Error).name !== "NotAllowedError") {
        onFailed(serverMessage(error, "This passkey could not be verified. Please try again."));
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <Button variant="default" fullWidth onClick={run} loading={busy}>
      Use a passkey
    </Button>
  );
}
