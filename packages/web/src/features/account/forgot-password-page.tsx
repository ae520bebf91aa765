// "Forgot password" (docs/architecture.md §6a): one field, and the same answer whether or not the address
// has an account, so the page reveals nobody.
import { Alert, Stack, Text, TextInput } from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { forgotPasswordInputSchema } from "@repo/validators";
import { useSearch } from "@tanstack/react-router";
import { AnchorLink } from "../../components/router-links";
import { SignInCard } from "../../components/sign-in-card";
import { SubmitWithRefusal } from "../../components/submit-with-refusal";
import { trpc } from "../../lib/trpc";
import { SIGN_IN_PATHS, portalFromSearch } from "./sign-in-paths";

const emailOnly = forgotPasswordInputSchema.pick({ email: true });

export function ForgotPasswordPage() {
  const { portal } = portalFromSearch(useSearch({ strict: false }));
  const request = trpc.auth.forgotPassword.useMutation();
  const form = useForm({
    mode: "uncontrolled",
    initialValues: { email: "" },
    validate: schemaResolver(emailOnly, { sync: true }),
  });

  return (
    <SignInCard
      title="Forgot your password?"
      subtitle="Enter the email address of your account. We will send it a link to choose a new password."
      main="card"
    >
      {request.isSuccess ? (
        <Alert color="green" mt="lg" title="Check your email" role="status">
          {request.data.message}
        </Alert>
      ) : (
        <form onSubmit={form.onSubmit((values) => request.mutate({ ...values, portal }))} noValidate>
          <Stack gap="sm" mt="lg">
            <TextInput
              label="Email"
              type="email"
              autoComplete="email"
              placeholder="you@company.com"
              key={form.key("email")}
              {...form.getInputProps("email")}
            />
            <SubmitWithRefusal call={request} fallback="The link could not be sent. Please try again." mt="xs">
              Send link
            </SubmitWithRefusal>
          </Stack>
        </form>
      )}
      <Text size="sm" ta="center" mt="lg">
        <AnchorLink to={SIGN_IN_PATHS[portal]} size="sm">
          Back to sign in
        </AnchorLink>
      </Text>
    </SignInCard>
  );
}
