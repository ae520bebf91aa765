import { Alert, Button, Group, NumberInput, Paper, Stack, Switch, Textarea, TextInput, Title } from "@mantine/core";
import { type BillingSettings, billingSettingsSchema } from "@repo/validators";
import { type FormEvent, useState } from "react";
import { LoadingStatus } from "../../components/staff-page";
import { readStoredUser } from "../../lib/auth-storage";
import { toastOutcome } from "../../lib/staff-toasts";
import { trpc } from "../../lib/trpc";
import { fieldErrors } from "./form-errors";

/** How invoices are issued: the registration number, terms, instructions, reminders and who sees money. */
export function BillingSettingsForm() {
  const settings = trpc.billing.settings.useQuery();
  return (
    <Paper withBorder p={{ base: "sm", sm: "lg" }} radius="md" component="section" aria-label="Invoicing">
      <Title order={2} size="h4" mb="sm">
        Invoicing
      </Title>
      {settings.isPending ? (
        <LoadingStatus>Loading settings...</LoadingStatus>
      ) : settings.isError ? (
        <Alert color="red" role="alert">
          Failed to load the billing settings
        </Alert>
      ) : (
        <SettingsFields key={JSON.stringify(settings.data)} settings={settings.data} />
      )}
    </Paper>
  );
}

/** "7, 14" → [7, 14]; a part that is no whole number → NaN, which the schema words. */
const days = (text: string) =>
  text
    .split(/[,\s]+/)
    .filter(Boolean)
    .map((part) => (/^\d+$/.test(part) ? Number(part) : Number.NaN));

function SettingsFields({ settings }: { settings: BillingSettings }) {
  const admin = readStoredUser()?.role === "ADMIN";
  const utils = trpc.useUtils();
  const [registration, setRegistration] = useState(settings.taxRegistrationNumber);
  const [terms, setTerms] = useState<number | string>(settings.paymentTermsDays);
  const [instructions, setInstructions] = useState(settings.paymentInstructions);
  const [reminders, setReminders] = useState(settings.reminderDays.join(", "));
  const [threshold, setThreshold] = useState<number | string>(settings.blockThresholdPercent);
  const [agentsSeeMoney, setAgentsSeeMoney] = useState(settings.agentsSeeMoney);
  const [salesAccount, setSalesAccount] = useState(settings.salesAccountCode);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = trpc.billing.updateSettings.useMutation(
    toastOutcome(
      () => ["Settings saved", "New invoices follow them."],
      "Failed to save the settings",
      (saved) => utils.billing.settings.setData(undefined, saved),
    ),
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = {
      taxRegistrationNumber: registration,
      paymentTermsDays: Number(terms),
      paymentInstructions: instructions,
      reminderDays: days(reminders),
      blockThresholdPercent: Number(threshold),
      agentsSeeMoney,
      salesAccountCode: salesAccount,
    };
    const found = fieldErrors(billingSettingsSchema.safeParse(input));
    if (Object.keys(found).some((key) => key.startsWith("reminderDays")))
      found.reminderDays = "Reminder days must be up to 5 whole numbers from 1 to 365, like 7, 14";
    if (found.blockThresholdPercent) found.blockThresholdPercent = "Threshold must be 1 to 99%";
    setErrors(found);
    if (Object.keys(found).length === 0) save.mutate(input);
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput
          label="GST/HST registration number"
          description="Printed on every invoice"
          readOnly={!admin}
          value={registration}
          onChange={(e) => setRegistration(e.currentTarget.value)}
          error={errors.taxRegistrationNumber}
        />
        <Group grow align="flex-start" wrap="wrap">
          <NumberInput
            label="Payment terms (days)"
            min={0}
            max={120}
            miw={160}
            allowDecimal={false}
            readOnly={!admin}
            value={terms}
            onChange={setTerms}
            error={errors.paymentTermsDays}
          />
          <TextInput
            label="Reminders (days after due)"
            description="Comma-separated, like 7, 14"
            miw={200}
            readOnly={!admin}
            value={reminders}
            onChange={(e) => setReminders(e.currentTarget.value)}
            error={errors.reminderDays}
          />
          <NumberInput
            label="Prepaid hours alert (% left)"
            min={1}
            max={99}
            miw={160}
            allowDecimal={false}
            readOnly={!admin}
            value={threshold}
            onChange={setThreshold}
            error={errors.blockThresholdPercent}
          />
        </Group>
        <Textarea
          label="Payment instructions"
          autosize
          minRows={2}
          readOnly={!admin}
          value={instructions}
          onChange={(e) => setInstructions(e.currentTarget.value)}
          error={errors.paymentInstructions}
        />
        <TextInput
          label="Sales account code"
          description="The revenue account the accounting export codes lines to (Xero's default Sales is 200)"
          readOnly={!admin}
          maw={320}
          value={salesAccount}
          onChange={(e) => setSalesAccount(e.currentTarget.value)}
          error={errors.salesAccountCode}
        />
        <Switch
          label="Agents see prices, rates and invoices"
          disabled={!admin}
          checked={agentsSeeMoney}
          onChange={(e) => setAgentsSeeMoney(e.currentTarget.checked)}
        />
        {admin && (
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending}>
              Save settings
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}
