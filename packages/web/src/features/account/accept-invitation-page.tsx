// The page an invitation mail's link opens: /accept-invitation?portal=…#token=…. As on the reset page, the
// token rides in the fragment, which no server log or Referer sees, and is taken out of the address bar.
import { Alert, Stack } from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { passwordPairInputSchema } from "@repo/validators";
import { useEffect, useState } from "react";
import { useLocation, useNavigate, useSearch } from "@tanstack/react-router";
import { ButtonLink } from "../../components/router-links";
import { NewPasswordPair } from "../../components/password-fields";
import { SignInCard } from "../../components/sign-in-card";
import { SubmitWithRefusal } from "../../components/submit-with-refusal";
import { trpc } from "../../lib/trpc";
import { SIGN_IN_PATHS, portalFromSearch } from "./sign-in-paths";

/** The `token=` of a URL fragment ("token=abc"), if any. */
const tokenOf = (hash: string) => new URLSearchParams(hash.replace(/^#/, "")).get("token");

export function AcceptInvitationPage() {
  const { portal } = portalFromSearch(useSearch({ strict: false }));
  const hash = useLocation({ select: (location) => location.hash });
  const navigate = useNavigate();
  // Read once, then taken out of the address bar (and so out of the history and of any screenshot).
  const [token] = useState(() => tokenOf(hash));
  useEffect(() => {
    if (tokenOf(hash)) void navigate({ to: "/accept-invitation", search: { portal }, replace: true });
  }, [hash, navigate, portal]);
  const accept = trpc.auth.acceptInvitation.useMutation();
  const form = useForm({
    mode: "uncontrolled",
    initialValues: { password: "", confirm: "" },
    validate: schemaResolver(passwordPairInputSchema, { sync: true }),
  });
  const signInPath = SIGN_IN_PATHS[accept.data?.portal ?? portal];

  return (
    <SignInCard title="Set up your account" subtitle="Choose the password you will sign in with." main="card">
      {accept.isSuccess ? (
        <Stack mt="lg">
          <Alert color="green" title="Your account is ready" role="status">
            Sign in with your email address and the password you just chose.
          </Alert>
          <ButtonLink to={signInPath} fullWidth>
            Sign in
          </ButtonLink>
        </Stack>
      ) : !token ? (
        <Alert color="red" mt="lg" role="alert" title="This link is not complete">
          Open the link from the invitation mail again, or ask your administrator to send a new one.
        </Alert>
      ) : (
        <form onSubmit={form.onSubmit(({ password }) => accept.mutate({ token, password }))} noValidate>
          <Stack gap="sm" mt="lg">
            <NewPasswordPair form={form} name="password" />
            <SubmitWithRefusal call={accept} fallback="Your password could not be set. Please try again." mt="xs">
              Set password
            </SubmitWithRefusal>
          </Stack>
        </form>
      )}
    </SignInCard>
  );
}
