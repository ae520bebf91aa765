// On /mail, for an ADMIN: the SMTP server and From address the first run stored, changed here later
// (issue 42). The password is stored but never shown: the address comes without it, and saving it as shown
// keeps the stored one. The SMTP_URL variable, when set, wins over the stored server: the card says so.
import { Alert, Button, Card, Group, Stack, Text, Title } from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { mailSettingsSchema, type MailSettingsView } from "@repo/validators";
import { toastOutcome } from "../../lib/staff-toasts";
import { trpc } from "../../lib/trpc";
import { MailSettingsFields } from "./mail-settings-fields";

export function MailSettingsCard() {
  const settings = trpc.settings.mail.useQuery();
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="mail-settings-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="mail-settings-title">
          Sending mail
        </Title>
        {settings.isPending && <Text c="dimmed">Loading the mail settings</Text>}
        {settings.isError && (
          <Alert color="red" role="alert">
            The mail settings could not be loaded.
          </Alert>
        )}
        {settings.data && <MailSettingsForm settings={settings.data} />}
      </Stack>
    </Card>
  );
}

function MailSettingsForm({ settings }: { settings: MailSettingsView }) {
  const utils = trpc.useUtils();
  const form = useForm({
    mode: "uncontrolled",
    initialValues: { smtpUrl: settings.smtpUrl ?? "", fromAddress: settings.fromAddress ?? "" },
    validate: schemaResolver(mailSettingsSchema, { sync: true }),
  });
  const save = trpc.settings.updateMail.useMutation(
    toastOutcome(
      (saved) => [
        "Mail settings saved",
        saved.smtpUrl ? `Mails go out through ${saved.smtpUrl}.` : "Mails wait in the outbox.",
      ],
      "Failed to save the mail settings",
      (saved) => utils.settings.mail.setData(undefined, saved),
    ),
  );
  return (
    <form noValidate onSubmit={form.onSubmit((values) => save.mutate(values))}>
      <Stack gap="sm" maw={560}>
        {settings.smtpFromEnvironment && (
          <Alert color="blue">
            The SMTP_URL variable is set on the server: mails go out through it, and the server stored here is used only
            once the variable is removed.
          </Alert>
        )}
        <MailSettingsFields
          form={form}
          smtpDescription={
            settings.smtpPasswordStored
              ? "Its password is stored and not shown; saving this address keeps it. Type the whole address with a new password to change it."
              : "smtp://user:password@host:587 or smtps://…:465. Empty: mails wait in the outbox."
          }
        />
        <Group>
          <Button type="submit" loading={save.isPending}>
            Save mail settings
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
