// The page a mailed link opens to choose a password (a reset, an invitation): /<path>?portal=…#token=….
// The token rides in the fragment, which no server log or Referer sees; the page reads it once and takes
// it out of the address bar.
import { Alert, Stack } from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { type AccountPortal as Portal, passwordPairInputSchema } from "@repo/validators";
import { type ReactNode, useEffect, useState } from "react";
import { useLocation, useNavigate, useSearch } from "@tanstack/react-router";
import { ButtonLink } from "../../components/router-links";
import { NewPasswordPair } from "../../components/password-fields";
import { SignInCard } from "../../components/sign-in-card";
import { SubmitWithRefusal } from "../../components/submit-with-refusal";
import { SIGN_IN_PATHS, portalFromSearch } from "./sign-in-paths";

/** The `token=` of a URL fragment ("token=abc"), if any. */
const tokenOf = (hash: string) => new URLSearchParams(hash.replace(/^#/, "")).get("token");

/** The call that sets the password with the link's token; its answer names the portal to sign in to. */
interface TokenPasswordCall {
  mutate(input: { token: string; password: string }): void;
  isSuccess: boolean;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data?: { portal: Portal };
}

export interface TokenPasswordTexts {
  title: string;
  subtitle: string;
  doneTitle: string;
  done: string;
  /** What to do when the link lost its token. */
  incomplete: string;
  fallback: string;
  submit: string;
}

export function TokenPasswordCard({
  path,
  call,
  texts,
  footer,
}: {
  path: "/reset-password" | "/accept-invitation";
  call: TokenPasswordCall;
  texts: TokenPasswordTexts;
  /** Shown until the password is set (the reset's "Ask for a new link"). */
  footer?: (portal: Portal) => ReactNode;
}) {
  const { portal } = portalFromSearch(useSearch({ strict: false }));
  const hash = useLocation({ select: (location) => location.hash });
  const navigate = useNavigate();
  // Read once, then taken out of the address bar (and so out of the history and of any screenshot).
  const [token] = useState(() => tokenOf(hash));
  useEffect(() => {
    if (tokenOf(hash)) void navigate({ to: path, search: { portal }, replace: true });
  }, [hash, navigate, portal, path]);
  const form = useForm({
    mode: "uncontrolled",
    initialValues: { password: "", confirm: "" },
    validate: schemaResolver(passwordPairInputSchema, { sync: true }),
  });
  const signInPath = SIGN_IN_PATHS[call.data?.portal ?? portal];

  return (
    <SignInCard title={texts.title} subtitle={texts.subtitle} main="card">
      {call.isSuccess ? (
        <Stack mt="lg">
          <Alert color="green" title={texts.doneTitle} role="status">
            {texts.done}
          </Alert>
          <ButtonLink to={signInPath} fullWidth>
            Sign in
          </ButtonLink>
        </Stack>
      ) : !token ? (
        <Alert color="red" mt="lg" role="alert" title="This link is not complete">
          {texts.incomplete}
        </Alert>
      ) : (
        <form onSubmit={form.onSubmit(({ password }) => call.mutate({ token, password }))} noValidate>
          <Stack gap="sm" mt="lg">
            <NewPasswordPair form={form} name="password" />
            <SubmitWithRefusal call={call} fallback={texts.fallback} mt="xs">
              {texts.submit}
            </SubmitWithRefusal>
          </Stack>
        </form>
      )}
      {!call.isSuccess && footer?.(portal)}
    </SignInCard>
  );
}
