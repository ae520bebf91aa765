import { Checkbox, Group, TextInput, Textarea } from "@mantine/core";
import { clientProfileSchema, type ClientProfileInput } from "@repo/validators";
import { ItemFormModal, type ItemModalProps } from "../../components/item-form-modal";
import { trpc } from "../../lib/trpc";
import type { Company } from "./api-types";

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
export function ClientProfileModal(props: ItemModalProps<Company>) {
  const utils = trpc.useUtils();
  return (
    <ItemFormModal
      {...props}
      title={props.item ? `Edit ${props.item.name}` : "Add Client"}
      schema={clientProfileSchema}
      values={formValues}
      calls={trpc.clients}
      saved={(saved, created) => [
        created ? "Client created" : "Client updated",
        `${saved.name} has been ${created ? "added" : "updated"}.`,
      ]}
      failure="Failed to save client"
      refresh={() => utils.clients.list.invalidate()}
      label={props.item ? "Save Changes" : "Create Client"}
    >
      {(form) => (
        <>
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
        </>
      )}
    </ItemFormModal>
  );
}
