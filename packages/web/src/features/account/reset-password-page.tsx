// The page a reset mail's link opens: /reset-password?portal=…#token=… (token-password-card.tsx).
import { Text } from "@mantine/core";
import { AnchorLink } from "../../components/router-links";
import { trpc } from "../../lib/trpc";
import { TokenPasswordCard } from "./token-password-card";

export function ResetPasswordPage() {
  const reset = trpc.auth.resetPassword.useMutation();
  return (
    <TokenPasswordCard
      path="/reset-password"
      call={reset}
      texts={{
        title: "Choose a new password",
        subtitle: "The password you will sign in with from now on.",
        doneTitle: "Your password has been changed",
        done: "You were signed out everywhere. Sign in with your new password.",
        incomplete: "Open the link from the email again, or ask for a new one.",
        fallback: "The password could not be changed. Please try again.",
        submit: "Change password",
      }}
      footer={(portal) => (
        <Text size="sm" ta="center" mt="lg">
          <AnchorLink to="/forgot-password" search={{ portal }} size="sm">
            Ask for a new link
          </AnchorLink>
        </Text>
      )}
    />
  );
}
