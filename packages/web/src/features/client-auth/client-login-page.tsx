import { Alert, Button, Stack, Text } from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { clientLoginInputSchema } from "@repo/validators";
import { useQueryClient } from "@tanstack/react-query";
import { useNavigate, useSearch } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import { AnchorLink } from "../../components/router-links";
import { CredentialFields, SignInCard } from "../../components/sign-in-card";
import { SsoButtons, SsoError } from "../../components/sso-sign-in";
import { clearSession, readStoredUser, type SecondFactorChallenge, type StoredUser } from "../../lib/auth-storage";
import { serverMessage } from "../../lib/server-message";
import { trpc } from "../../lib/trpc";
import { PasskeySignIn } from "../account/passkey-sign-in";
import { SecondFactorStep } from "../account/second-factor-step";
import { signInClient, storeClientSession } from "./client-sign-in";
import { returnTarget } from "../../lib/return-path";
import { CLIENT_LANDING } from "../../lib/route-guards";

/** A moment for the success toast to show before the dashboard replaces the page. */
const REDIRECT_DELAY_MS = 200;

/** What the stored session says about the visitor when the page opens (docs/product-spec.md §2). */
function storedStaffRole() {
  const role = readStoredUser()?.role;
  return role && role !== "CLIENT" ? role : null;
}

export function ClientLoginPage() {
  const navigate = useNavigate();
  const returnTo = returnTarget(useSearch({ strict: false }), CLIENT_LANDING);
  const queryClient = useQueryClient();
  const logout = trpc.auth.logout.useMutation();
  const login = trpc.auth.clientLogin.useMutation();
  const [staffRole, setStaffRole] = useState(storedStaffRole);
  const [signingIn, setSigningIn] = useState(false);
  const [challenge, setChallenge] = useState<SecondFactorChallenge | null>(null);

  // docs/product-spec.md §2: an admin session stored in this browser is cleared as the page loads.
  useEffect(() => {
    if (staffRole === "ADMIN") {
      clearSession();
      setStaffRole(null);
    }
  }, [staffRole]);

  const form = useForm({
    mode: "uncontrolled",
    initialValues: { email: "", password: "" },
    validate: schemaResolver(clientLoginInputSchema, { sync: true }),
  });

  function welcome(user: StoredUser) {
    notifications.show({ title: "Login successful", message: `Welcome back, ${user.name}!`, color: "green" });
    setTimeout(() => void navigate({ href: returnTo }), REDIRECT_DELAY_MS);
  }

  async function handleSubmit(values: { email: string; password: string }) {
    setSigningIn(true);
    try {
      const answer = await signInClient(
        {
          forgetCachedData: () => queryClient.clear(),
          logout: () => logout.mutateAsync({}),
          login: (credentials) => login.mutateAsync(credentials),
        },
        values,
      );
      if ("challenge" in answer) {
        setSigningIn(false);
        setChallenge(answer);
      } else welcome(answer.user);
    } catch (error) {
      setSigningIn(false);
      notifications.show({
        title: "Login failed",
        message: serverMessage(error, "Invalid email or password"),
        color: "red",
      });
    }
  }

  async function handleStaffLogout() {
    await logout.mutateAsync({}).catch(() => undefined);
    clearSession();
    setStaffRole(null);
  }

  return (
    <SignInCard
      title="Client Login"
      subtitle="Sign in to raise and track support tickets and see your devices."
      main="card"
    >
      {staffRole && (
        <Alert color="yellow" mt="md" title="You are signed in with a staff account">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">The client login is for client accounts.</Text>
            <Button size="xs" variant="light" color="yellow" onClick={handleStaffLogout} loading={logout.isPending}>
              Log out to access client login
            </Button>
          </Stack>
        </Alert>
      )}
      <SsoError />
      {challenge ? (
        <SecondFactorStep
          challenge={challenge.challenge}
          mode={challenge.secondFactor}
          onVerified={(answer) => welcome(storeClientSession(answer))}
          onCancel={() => setChallenge(null)}
        />
      ) : (
        <form onSubmit={form.onSubmit(handleSubmit)} noValidate>
          <Stack gap="sm" mt="lg">
            <CredentialFields form={form} emailAutoComplete="email" forgotPortal="client" />
            <Button type="submit" loading={signingIn} fullWidth mt="xs">
              Sign In
            </Button>
            <PasskeySignIn
              portal="client"
              onSignedIn={(answer) => {
                queryClient.clear();
                welcome(storeClientSession(answer));
              }}
              onFailed={(message) => notifications.show({ title: "Login failed", message, color: "red" })}
            />
          </Stack>
          <SsoButtons portal="client" />
        </form>
      )}
      <Text size="sm" c="dimmed" ta="center" mt="lg">
        Trouble signing in?{" "}
        {/* Underlined: inside a sentence, colour alone would not tell the link apart (WCAG 1.4.1). */}
        <AnchorLink to="/contact" size="sm" underline="always">
          Contact support
        </AnchorLink>
      </Text>
    </SignInCard>
  );
}
