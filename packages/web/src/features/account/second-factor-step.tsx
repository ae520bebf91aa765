// The second step of a sign-in with two factors, on both sign-in pages: the code from the authenticator
// app, or one of the recovery codes (docs/architecture.md §6a).
import { Alert, Anchor, Group, Loader, Stack, Text, TextInput } from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { secondFactorInputSchema } from "@repo/validators";
import { useEffect, useState } from "react";
import { SubmitWithRefusal } from "../../components/submit-with-refusal";
import type { SignedIn } from "../../lib/auth-storage";
import { serverMessage } from "../../lib/server-message";
import { trpc } from "../../lib/trpc";
import { AuthenticatorSetup, RecoveryCodes } from "./second-factor-section";

const codeOnly = secondFactorInputSchema.pick({ code: true });

interface SecondFactorStepProps {
  challenge: string;
  /** totp: ask for a code; enrol: the policy requires a factor the person sets up now. */
  mode: "totp" | "enrol";
  onVerified(answer: SignedIn): void | Promise<void>;
  /** Back to the email and password. */
  onCancel(): void;
}

export function SecondFactorStep(props: SecondFactorStepProps) {
  return props.mode === "enrol" ? <EnrolDuringSignIn {...props} /> : <CodeStep {...props} />;
}

/** The policy requires a second factor: set it up, keep the recovery codes, then the session starts. */
function EnrolDuringSignIn({ challenge, onVerified, onCancel }: SecondFactorStepProps) {
  const start = trpc.auth.startEnrolment.useMutation();
  const confirm = trpc.auth.confirmEnrolment.useMutation();
  const { mutate } = start;
  useEffect(() => mutate({ challenge }), [mutate, challenge]);

  if (confirm.data) {
    const { recoveryCodes, ...answer } = confirm.data;
    return (
      <Stack mt="lg">
        <RecoveryCodes codes={recoveryCodes} onDone={() => void onVerified(answer)} />
      </Stack>
    );
  }
  return (
    <Stack gap="sm" mt="lg">
      <Text size="sm">Your organisation requires two-factor sign-in. Set up an authenticator app to continue.</Text>
      {start.isPending && <Loader size="sm" role="status" aria-label="Preparing your key" />}
      {start.isError && (
        <Alert color="red" role="alert">
          {serverMessage(start.error, "The key could not be made. Please sign in again.")}
        </Alert>
      )}
      {start.data && (
        <AuthenticatorSetup
          enrolment={start.data}
          submitLabel="Turn on and sign in"
          pending={confirm.isPending}
          error={
            confirm.isError ? serverMessage(confirm.error, "The code could not be checked. Please try again.") : null
          }
          onCode={(code) => confirm.mutate({ challenge, code })}
        />
      )}
      <Anchor component="button" type="button" size="sm" onClick={onCancel}>
        Back
      </Anchor>
    </Stack>
  );
}

function CodeStep({ challenge, onVerified, onCancel }: SecondFactorStepProps) {
  const [recovery, setRecovery] = useState(false);
  const verify = trpc.auth.verifySecondFactor.useMutation({ onSuccess: onVerified });
  const form = useForm({
    mode: "uncontrolled",
    initialValues: { code: "" },
    validate: schemaResolver(codeOnly, { sync: true }),
  });

  return (
    <form onSubmit={form.onSubmit(({ code }) => verify.mutate({ challenge, code }))} noValidate>
      <Stack gap="sm" mt="lg">
        <Text size="sm">
          {recovery
            ? "Enter one of the recovery codes you saved when you turned on two-factor sign-in. Each works once."
            : "Enter the 6-digit code from your authenticator app."}
        </Text>
        <TextInput
          label={recovery ? "Recovery code" : "Authentication code"}
          autoComplete="one-time-code"
          inputMode={recovery ? "text" : "numeric"}
          data-autofocus
          key={form.key("code")}
          {...form.getInputProps("code")}
        />
        <SubmitWithRefusal call={verify} fallback="The code could not be checked. Please try again.">
          Verify
        </SubmitWithRefusal>
        <Group justify="space-between">
          <Anchor component="button" type="button" size="sm" onClick={() => setRecovery((r) => !r)}>
            {recovery ? "Use the authenticator app" : "Use a recovery code"}
          </Anchor>
          <Anchor component="button" type="button" size="sm" onClick={onCancel}>
            Back
          </Anchor>
        </Group>
      </Stack>
    </form>
  );
}
