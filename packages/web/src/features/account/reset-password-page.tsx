// The page a reset mail's link opens: /reset-password?portal=…#token=…. The token rides in the fragment,
// which no server log or Referer sees; the page reads it once and takes it out of the address bar.
import { Alert, Stack, Text } from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { passwordPairInputSchema } from "@repo/validators";
import { useEffect, useState } from "react";
import { useLocation, useNavigate, useSearch } from "@tanstack/react-router";
import { AnchorLink, ButtonLink } from "../../components/router-links";
import { NewPasswordPair } from "../../components/password-fields";
import { SignInCard } from "../../components/sign-in-card";
import { SubmitWithRefusal } from "../../components/submit-with-refusal";
import { trpc } from "../../lib/trpc";
import { SIGN_IN_PATHS, portalFromSearch } from "./sign-in-paths";

/** The `token=` of a URL fragment ("token=abc"), if any. */
const tokenOf = (hash: string) => new URLSearchParams(hash.replace(/^#/, "")).get("token");

export function ResetPasswordPage() {
  const { portal } = portalFromSearch(useSearch({ strict: false }));
  const hash = useLocation({ select: (location) => location.hash });
  const navigate = useNavigate();
  // Read once, then taken out of the address bar (and so out of the history and of any screenshot).
  const [token] = useState(() => tokenOf(hash));
  useEffect(() => {
    if (tokenOf(hash)) void navigate({ to: "/reset-password", search: { portal }, replace: true });
  }, [hash, navigate, portal]);
  const reset = trpc.auth.resetPassword.useMutation();
  const form = useForm({
    mode: "uncontrolled",
    initialValues: { password: "", confirm: "" },
    validate: schemaResolver(passwordPairInputSchema, { sync: true }),
  });
  const signInPath = SIGN_IN_PATHS[reset.data?.portal ?? portal];

  return (
    <SignInCard title="Choose a new password" subtitle="The password you will sign in with from now on." main="card">
      {reset.isSuccess ? (
        <Stack mt="lg">
          <Alert color="green" title="Your password has been changed" role="status">
            You were signed out everywhere. Sign in with your new password.
          </Alert>
          <ButtonLink to={signInPath} fullWidth>
            Sign in
          </ButtonLink>
        </Stack>
      ) : !token ? (
        <Alert color="red" mt="lg" role="alert" title="This link is not complete">
          Open the link from the email again, or ask for a new one.
        </Alert>
      ) : (
        <form onSubmit={form.onSubmit(({ password }) => reset.mutate({ token, password }))} noValidate>
          <Stack gap="sm" mt="lg">
            <NewPasswordPair form={form} name="password" />
            <SubmitWithRefusal call={reset} fallback="The password could not be changed. Please try again." mt="xs">
              Change password
            </SubmitWithRefusal>
          </Stack>
        </form>
      )}
      {!reset.isSuccess && (
        <Text size="sm" ta="center" mt="lg">
          <AnchorLink to="/forgot-password" search={{ portal }} size="sm">
            Ask for a new link
          </AnchorLink>
        </Text>
      )}
    </SignInCard>
  );
}
