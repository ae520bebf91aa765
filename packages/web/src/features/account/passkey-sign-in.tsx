// "Sign in with a passkey" under both sign-in forms: the browser offers the site's passkeys, and the one
// chosen signs in on its own.
import { Button } from "@mantine/core";
import type { SignedIn } from "../../lib/auth-storage";
import { serverMessage } from "../../lib/server-message";
import { trpc } from "../../lib/trpc";
import { browserSignature, usePasskeyCeremony } from "./passkey-ceremony";

interface PasskeySignInProps {
  portal: "client" | "staff";
  onSignedIn(answer: SignedIn): void | Promise<void>;
  onFailed(message: string): void;
}

export function PasskeySignIn({ portal, onSignedIn, onFailed }: PasskeySignInProps) {
  const options = trpc.auth.passkeyOptions.useMutation();
  const signIn = trpc.auth.passkeySignIn.useMutation();
  const signingIn = usePasskeyCeremony();

  const run = () =>
    signingIn.run(
      async () => {
        const response = await browserSignature(options.mutateAsync({}));
        await onSignedIn(await signIn.mutateAsync({ response: response as never, portal }));
      },
      (error) => onFailed(serverMessage(error, "This passkey could not be verified. Please try again.")),
    );

  return (
    <Button variant="default" fullWidth onClick={run} loading={signingIn.running}>
      Use a passkey
    </Button>
  );
}
