// The second step of a sign-in with two factors, on both sign-in pages: the code from the authenticator
// app, or one of the recovery codes (docs/architecture.md §6a).
import { Alert, Anchor, Button, Group, Stack, Text, TextInput } from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { secondFactorSchema } from "@repo/validators";
import { useState } from "react";
import type { SignedIn } from "../../lib/auth-storage";
import { serverMessage } from "../../lib/server-message";
import { trpc } from "../../lib/trpc";

const codeOnly = secondFactorSchema.pick({ code: true });

interface SecondFactorStepProps {
  challenge: string;
  onVerified(answer: SignedIn): void | Promise<void>;
  /** Back to the email and password. */
  onCancel(): void;
}

export function SecondFactorStep({ challenge, onVerified, onCancel }: SecondFactorStepProps) {
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
        {verify.isError && (
          <Alert color="red" role="alert">
            {serverMessage(verify.error, "The code could not be checked. Please try again.")}
          </Alert>
        )}
        <Button type="submit" loading={verify.isPending} fullWidth>
          Verify
        </Button>
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
