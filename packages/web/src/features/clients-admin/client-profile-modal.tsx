import { Alert, Checkbox, Group, TagsInput, TextInput, Textarea } from "@mantine/core";
import { clientProfileInputSchema, type ClientProfileInput } from "@repo/validators";
import { ItemFormModal, type ItemModalProps } from "../../components/item-form-modal";
import { useSsoProviders } from "../../components/sso-sign-in";
import { trpc } from "../../lib/trpc";
import type { Company } from "./api-types";

const EMPTY: Required<ClientProfileInput> = {
  name: "",
  contactEmail: "",
  contactPhone: "",
  address: "",
  description: "",
  ssoRequired: false,
  showTimeToClient: false,
  trustedDomains: [],
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
    showTimeToClient: company.showTimeToClient,
    trustedDomains: company.trustedDomains,
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
      schema={clientProfileInputSchema}
      noun="company"
      labels={{
        name: "Company Name",
        contactEmail: "Contact Email",
        contactPhone: "Contact Phone",
        address: "Address",
        description: "Description",
        ssoRequired: "Require single sign-on",
        showTimeToClient: "Show time to the client",
        trustedDomains: "Trusted mail domains",
      }}
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
          <NoSsoProviderWarning required={form.values.ssoRequired === true} />
          <Checkbox
            label="Show time to the client"
            description="The company's people see the billable time on their tickets and a monthly summary of hours."
            {...form.getInputProps("showTimeToClient", { type: "checkbox" })}
          />
          <TagsInput
            label="Trusted mail domains"
            description="Mail from these domains counts as verified, and public-form requests from them are not held for review. Press Enter after each domain."
            placeholder="example.com"
            splitChars={[",", " "]}
            {...form.getInputProps("trustedDomains")}
          />
        </>
      )}
    </ItemFormModal>
  );
}

/**
 * Requiring single sign-on where the server has no provider set up would leave nobody at the company able
 * to sign in: while the box is ticked, say so before the admin saves.
 */
function NoSsoProviderWarning({ required }: { required: boolean }) {
  const providers = useSsoProviders(required);
  if (!required || providers.data?.length !== 0) return null;
  return (
    <Alert color="red" role="alert" title="No single sign-on provider is set up">
      This server offers no Microsoft or Google sign-in yet, so nobody at this company could sign in.
    </Alert>
  );
}
