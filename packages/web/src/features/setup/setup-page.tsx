// /setup#token=… (docs/features.md §19): the first run of a production install. The link the start printed
// carries its token in the fragment, which no server log or Referer sees; the page reads it once and
// takes it out of the address bar, as the mailed password links do.
import { Alert, Center, Divider, Loader, Stack, TextInput, Title } from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { setupFormSchema } from "@repo/validators";
import { useLocation, useNavigate } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import { ButtonLink } from "../../components/router-links";
import { NewPasswordPair } from "../../components/password-fields";
import { SignInCard } from "../../components/sign-in-card";
import { SubmitWithRefusal } from "../../components/submit-with-refusal";
import { httpStatus } from "../../lib/server-message";
import { trpc } from "../../lib/trpc";
import { MailSettingsFields } from "../mail/mail-settings-fields";

const tokenOf = (hash: string) => new URLSearchParams(hash.replace(/^#/, "")).get("token");

export function SetupPage() {
  const hash = useLocation({ select: (location) => location.hash });
  const navigate = useNavigate();
  const [token] = useState(() => tokenOf(hash) ?? "");
  useEffect(() => {
    if (tokenOf(hash)) void navigate({ to: "/setup", replace: true });
  }, [hash, navigate]);
  const link = trpc.setup.check.useQuery({ token }, { enabled: token !== "", retry: false });
  const complete = trpc.setup.complete.useMutation();
  const form = useForm({
    mode: "uncontrolled",
    initialValues: { providerName: "", name: "", email: "", password: "", confirm: "", smtpUrl: "", fromAddress: "" },
    validate: schemaResolver(setupFormSchema, { sync: true }),
  });

  const refused = !token || (link.isError && httpStatus(link.error) === 404);
  return (
    <SignInCard
      title="Set up your help desk"
      subtitle="Name your company and create the first admin account."
      main="card"
    >
      {complete.isSuccess ? (
        <Stack mt="lg">
          <Alert color="green" title="Setup is complete" role="status">
            Sign in as {complete.data.email} to invite your team and add your clients.
          </Alert>
          <ButtonLink to="/admin" fullWidth>
            Sign in
          </ButtonLink>
        </Stack>
      ) : refused ? (
        <Alert color="red" mt="lg" role="alert" title="This setup link is not valid">
          It has expired or was already used. Restart the server for a new link (it is printed in the log), or sign in
          if setup is done.
        </Alert>
      ) : link.isPending ? (
        <Center py="lg">
          <Loader role="status" aria-label="Checking the setup link" />
        </Center>
      ) : link.isError ? (
        <Alert color="red" mt="lg" role="alert" title="The setup link could not be checked">
          Please reload the page in a moment.
        </Alert>
      ) : (
        <form
          noValidate
          onSubmit={form.onSubmit(({ providerName, name, email, password, smtpUrl, fromAddress }) =>
            complete.mutate({
              token,
              providerName,
              admin: { name, email, password },
              mail: { smtpUrl, fromAddress },
            }),
          )}
        >
          <Stack gap="sm" mt="lg">
            <TextInput
              label="Your company's name"
              autoComplete="organization"
              withAsterisk
              key={form.key("providerName")}
              {...form.getInputProps("providerName")}
            />
            <Divider my="xs" />
            <Title order={2} size="h5">
              The first admin account
            </Title>
            <TextInput
              label="Name"
              autoComplete="name"
              withAsterisk
              key={form.key("name")}
              {...form.getInputProps("name")}
            />
            <TextInput
              label="Email"
              type="email"
              autoComplete="email"
              withAsterisk
              key={form.key("email")}
              {...form.getInputProps("email")}
            />
            <NewPasswordPair form={form} name="password" />
            <Divider my="xs" />
            <Title order={2} size="h5">
              Sending mail
            </Title>
            <MailSettingsFields
              form={form}
              smtpDescription="smtp://user:password@host:587 or smtps://…:465. Leave empty to keep mails in the outbox for now."
            />
            <SubmitWithRefusal call={complete} fallback="Setup could not be finished. Please try again." mt="xs">
              Finish setup
            </SubmitWithRefusal>
          </Stack>
        </form>
      )}
    </SignInCard>
  );
}
