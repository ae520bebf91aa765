import { Modal, Select, Stack, Textarea, TextInput } from "@mantine/core";
import { type FormEvent, useState } from "react";
import { FormActions } from "../../components/form-actions";
import { toastOutcome } from "../../lib/staff-toasts";
import { trpc } from "../../lib/trpc";
import type { Company } from "./api-types";

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** The select's value for "no tax code of its own". */
const DEFAULT = "default";

/**
 * A company's billing (docs/features.md §11): the tax code it is billed under (none: the default) and where
 * its invoices go. The company is the one home of these; invoices copy them when drafted.
 */
export function CompanyBillingModal({ company, onClose }: { company: Company; onClose(): void }) {
  const utils = trpc.useUtils();
  const codes = trpc.billing.taxCodes.useQuery();
  const [taxCodeId, setTaxCodeId] = useState<string>(company.taxCodeId ?? DEFAULT);
  const [email, setEmail] = useState(company.billingEmail ?? "");
  const [address, setAddress] = useState(company.billingAddress ?? "");
  const [emailError, setEmailError] = useState<string | null>(null);
  const save = trpc.billing.setCompanyBilling.useMutation(
    toastOutcome(
      () => ["Billing saved", `${company.name}'s next invoices follow it.`],
      "Failed to save the billing",
      async () => {
        await utils.clients.list.invalidate();
        onClose();
      },
    ),
  );
  const fallback = codes.data?.find((code) => code.isDefault);
  const options = [
    { value: DEFAULT, label: `Default${fallback ? ` (${fallback.name})` : ""}` },
    ...(codes.data ?? [])
      .filter((code) => !code.archived || code.id === company.taxCodeId)
      .map((code) => ({ value: code.id, label: code.name })),
  ];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const billingEmail = email.trim();
    const invalid = billingEmail !== "" && !EMAIL.test(billingEmail);
    setEmailError(invalid ? "Billing e-mail must be a valid e-mail address" : null);
    if (invalid) return;
    save.mutate({
      clientId: company.id,
      taxCodeId: taxCodeId === DEFAULT ? null : taxCodeId,
      billingEmail: billingEmail || null,
      billingAddress: address.trim() || null,
    });
  };
  return (
    <Modal opened onClose={onClose} title={`Billing: ${company.name}`} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Select
            label="Tax code"
            allowDeselect={false}
            value={taxCodeId}
            onChange={(value) => value && setTaxCodeId(value)}
            data={options}
          />
          <TextInput
            label="Billing e-mail"
            description="Invoices are mailed here; blank: the contact e-mail"
            type="email"
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            error={emailError}
          />
          <Textarea
            label="Billing address"
            autosize
            minRows={2}
            maxLength={500}
            value={address}
            onChange={(e) => setAddress(e.currentTarget.value)}
          />
          <FormActions onCancel={onClose} pending={save.isPending} label="Save billing" pendingLabel="Saving..." />
        </Stack>
      </form>
    </Modal>
  );
}
