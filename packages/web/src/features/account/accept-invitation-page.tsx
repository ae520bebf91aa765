// The page an invitation mail's link opens: /accept-invitation?portal=…#token=… (token-password-card.tsx).
import { trpc } from "../../lib/trpc";
import { TokenPasswordCard } from "./token-password-card";

export function AcceptInvitationPage() {
  const accept = trpc.auth.acceptInvitation.useMutation();
  return (
    <TokenPasswordCard
      path="/accept-invitation"
      call={accept}
      texts={{
        title: "Set up your account",
        subtitle: "Choose the password you will sign in with.",
        doneTitle: "Your account is ready",
        done: "Sign in with your email address and the password you just chose.",
        incomplete: "Open the link from the invitation mail again, or ask your administrator to send a new one.",
        fallback: "Your password could not be set. Please try again.",
        submit: "Set password",
      }}
    />
  );
}
