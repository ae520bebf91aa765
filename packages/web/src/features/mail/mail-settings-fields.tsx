// The SMTP server and From address inputs, bound to a Mantine form: the first run's page and the
// "Sending mail" card on /mail ask for the same two settings (mailSettingsSchema).
import { TextInput } from "@mantine/core";
import type { FieldsForm } from "../../components/fields-form";

export function MailSettingsFields({
  form,
  smtpDescription,
}: {
  form: FieldsForm<"smtpUrl" | "fromAddress">;
  smtpDescription: string;
}) {
  return (
    <>
      <TextInput
        label="SMTP server"
        description={smtpDescription}
        key={form.key("smtpUrl")}
        {...form.getInputProps("smtpUrl")}
      />
      <TextInput
        label="From address"
        type="email"
        description="The address your mails are sent from; empty: the built-in one."
        key={form.key("fromAddress")}
        {...form.getInputProps("fromAddress")}
      />
    </>
  );
}
