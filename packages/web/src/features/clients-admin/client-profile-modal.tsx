import { Button, Checkbox, Group, Modal, Stack, TextInput, Textarea } from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { clientProfileSchema, type ClientProfileInput } from "@repo/validators";
import { useEffect } from "react";
import { toastOutcome } from "../../lib/staff-toasts";
import { createOrUpdate } from "../../lib/create-or-update";
import { trpc } from "../../lib/trpc";
import type { Company } from "./api-types";

interface ClientProfileModalProps {
  opened: boolean;
  /** The company to edit; absent to add a new one. */
  company: Company | null;
  onClose(): void;
}

const EMPTY: Required<ClientProfileInput> = {
  name: "",
  contactEmail: "",
  contactPhone: "",
  address: "",
  description: "",
  ssoRequired: false,
};

function formValues(company: Company | null): Required<ClientProfileInput> {
  if (!company) return EMPTY;
  return {
    name: company.name,
    contactEmail: company.contactEmail ?? "",
    contactPhone: company.contactPhone ?? "",
    address: company.address ?? "",
    description: company.description ?? "",
    ssoRequired: company.ssoRequired,
  };
}

/**
 * Adds a client company or edits its profile: what the client portal's Company Profile tab shows.
 * Cleared fields are sent empty and stored as "not provided".
 */
export function ClientProfileModal({ opened, company, onClose }: ClientProfileModalProps) {
  const utils = trpc.useUtils();
  const form = useForm<Required<ClientProfileInput>>({
    initialValues: EMPTY,
    validate: schemaResolver(clientProfileSchema, { sync: true }),
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the modal opens (see below)
  useEffect(() => {
    if (!opened) return;
    form.setValues(formValues(company));
    form.resetDirty(formValues(company));
    // Only when the modal opens: re-running on every render would wipe what the person types.
  }, [opened, company]);

  const saveOutcome = (created: boolean) =>
    toastOutcome(
      (saved: Company) => [
        created ? "Client created" : "Client updated",
        `${saved.name} has been ${created ? "added" : "updated"}.`,
      ],
      "Failed to save client",
      () => utils.clients.list.invalidate().then(onClose),
    );
  const create = trpc.clients.create.useMutation(saveOutcome(true));
  const update = trpc.clients.update.useMutation(saveOutcome(false));
  const { pending, submit } = createOrUpdate(company, create, update);

  return (
    <Modal opened={opened} onClose={onClose} title={company ? `Edit ${company.name}` : "Add Client"} centered size="lg">
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack gap="sm">
          <TextInput label="Company Name" required data-autofocus {...form.getInputProps("name")} />
          <Group grow align="flex-start" wrap="wrap">
            <TextInput label="Contact Email" type="email" miw={220} {...form.getInputProps("contactEmail")} />
            <TextInput label="Contact Phone" type="tel" miw={180} {...form.getInputProps("contactPhone")} />
          </Group>
          <TextInput label="Address" {...form.getInputProps("address")} />
          <Textarea label="Description" rows={4} resize="vertical" {...form.getInputProps("description")} />
          <Checkbox
            label="Require single sign-on"
            description="The company's people sign in with Microsoft or Google only; their passwords stop working."
            {...form.getInputProps("ssoRequired", { type: "checkbox" })}
          />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose} disabled={pending}>
              Cancel
            </Button>
            <Button type="submit" disabled={pending}>
              {pending ? "Saving..." : company ? "Save Changes" : "Create Client"}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
