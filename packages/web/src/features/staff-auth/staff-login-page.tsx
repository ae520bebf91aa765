import { Alert, Button, Stack } from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { staffLoginInputSchema, type StaffLoginInput } from "@repo/validators";
import { useQueryClient } from "@tanstack/react-query";
import { useNavigate, useSearch } from "@tanstack/react-router";
import { useState } from "react";
import { CredentialFields, SignInCard } from "../../components/sign-in-card";
import { SsoButtons, SsoError } from "../../components/sso-sign-in";
import { secondFactorChallengeOf, type SecondFactorChallenge, type SignedIn } from "../../lib/auth-storage";
import { showCallFailure, showFailure, showSuccess } from "../../lib/staff-toasts";
import { returnTarget } from "../../lib/return-path";
import { STAFF_LANDING } from "../../lib/route-guards";
import { trpc } from "../../lib/trpc";
import { PasskeySignIn } from "../account/passkey-sign-in";
import { SecondFactorStep } from "../account/second-factor-step";
import { canUseStaffPortal, storeStaffSession, STAFF_ACCOUNT_REQUIRED } from "./staff-session";
import { useSite } from "../site/site-content";

/** /admin: staff sign-in (docs/product-spec.md §2, §4, §5 and §8). */
export function StaffLoginPage() {
  const site = useSite();
  const navigate = useNavigate();
  const returnTo = returnTarget(useSearch({ strict: false }), STAFF_LANDING);
  const queryClient = useQueryClient();
  const [refusal, setRefusal] = useState<string | null>(null);
  const form = useForm<StaffLoginInput>({
    mode: "uncontrolled",
    initialValues: { email: "", password: "" },
    validate: schemaResolver(staffLoginInputSchema, { sync: true }),
  });
  const logout = trpc.auth.logout.useMutation();
  const [challenge, setChallenge] = useState<SecondFactorChallenge | null>(null);
  async function admit({ token, user }: SignedIn) {
    if (!canUseStaffPortal(user.role)) {
      // A non-staff account is told why instead of getting a session the portal's guard would bounce.
      // The server did open one (and set its cookie), so end it rather than leave it lying around.
      logout.mutate({});
      setChallenge(null);
      setRefusal(STAFF_ACCOUNT_REQUIRED);
      return;
    }
    storeStaffSession(token, user);
    queryClient.clear();
    showSuccess("Login successful", `Welcome back, ${user.name}!`);
    await navigate({ href: returnTo });
  }
  const login = trpc.auth.login.useMutation({
    onSuccess: admit,
    // A right password whose session waits for a second factor is a 401 that carries the challenge.
    onError: (error) => {
      const secondStep = secondFactorChallengeOf(error);
      if (secondStep) setChallenge(secondStep);
      else showCallFailure(error, "Invalid email or password", "Login failed");
    },
  });

  const submit = form.onSubmit((values) => {
    setRefusal(null);
    login.mutate(values);
  });

  return (
    <SignInCard title={site.adminPortalTitle} subtitle="Administrator and agent access only" main="page">
      {challenge ? (
        <SecondFactorStep
          challenge={challenge.challenge}
          mode={challenge.secondFactor}
          onVerified={admit}
          onCancel={() => setChallenge(null)}
        />
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack mt="lg" gap="md">
            <SsoError />
            {refusal && (
              <Alert color="orange" title="Staff account required" role="alert">
                {refusal}
              </Alert>
            )}
            <CredentialFields form={form} emailAutoComplete="username" forgotPortal="staff" />
            <Button type="submit" fullWidth disabled={login.isPending}>
              {login.isPending ? "Signing in..." : "Sign In"}
            </Button>
            <PasskeySignIn
              portal="staff"
              onSignedIn={admit}
              onFailed={(message) => showFailure(message, "Login failed")}
            />
          </Stack>
          <SsoButtons portal="staff" />
        </form>
      )}
    </SignInCard>
  );
}
