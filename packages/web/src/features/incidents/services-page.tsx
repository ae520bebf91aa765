// /settings/services (docs/features.md §18), an ADMIN's: the managed services, each with the companies that
// depend on it (they see its incidents in the portal) and its state now. Added, edited and deleted here.
import { Badge, Card, Group, MultiSelect, Stack, Text, Textarea, TextInput, Title } from "@mantine/core";
import { type ManagedService, managedServiceFieldsSchema } from "@repo/validators";
import { useState } from "react";
import { ConfirmDialog, type ConfirmTexts } from "../../components/confirm-dialog";
import { ItemActionButton } from "../../components/item-action-button";
import { ItemFormModal, type ItemModalProps } from "../../components/item-form-modal";
import { EditableCardsPage } from "../../components/staff-page";
import { toastOutcome } from "../../lib/staff-toasts";
import { trpc } from "../../lib/trpc";
import { useClientOptions } from "../staff-portal/use-ticket-options";
import { SERVICE_STATE_COLORS, SERVICE_STATE_LABELS } from "./incident-labels";

export function ServicesPage() {
  const services = trpc.incidents.services.useQuery();
  const clients = useClientOptions();
  const [deleting, setDeleting] = useState<ManagedService | null>(null);
  return (
    <EditableCardsPage
      title="Managed services"
      description="The services we run for clients, and the companies that depend on each: they are told of its incidents."
      addLabel="Add service"
      query={services}
      items={services.data}
      noun="managed services"
      card={(service, edit) => (
        <Card key={service.id} withBorder padding="lg" component="article" aria-label={service.name}>
          <Stack gap={6} style={{ flex: 1 }}>
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Title order={2} size="h4">
                {service.name}
              </Title>
              <Badge color={SERVICE_STATE_COLORS[service.impact]} variant="light" style={{ flexShrink: 0 }}>
                {SERVICE_STATE_LABELS[service.impact]}
              </Badge>
            </Group>
            {service.description && <Text size="sm">{service.description}</Text>}
            <Text size="xs" c="dimmed" mt="auto">
              {service.clientIds.length === 0
                ? "No company depends on it yet."
                : `Depended on by ${service.clientIds.map((id) => clients.names.get(id) ?? "…").join(", ")}`}
            </Text>
          </Stack>
          <Group justify="flex-end" mt="md" gap="xs">
            <ItemActionButton action="Edit" item={service.name} onClick={edit} />
            <ItemActionButton action="Delete" item={service.name} color="red" onClick={() => setDeleting(service)} />
          </Group>
        </Card>
      )}
      modal={ServiceModal}
    >
      <DeleteServiceDialog service={deleting} onClose={() => setDeleting(null)} />
    </EditableCardsPage>
  );
}

interface ServiceValues extends Record<string, unknown> {
  name: string;
  description: string;
  clientIds: string[];
}

const LABELS: Record<keyof ServiceValues, string> = {
  name: "Name",
  description: "Description",
  clientIds: "Companies that depend on it",
};

const serviceValues = (service: ManagedService | null): ServiceValues => ({
  name: service?.name ?? "",
  description: service?.description ?? "",
  clientIds: service?.clientIds ?? [],
});

function ServiceModal(props: ItemModalProps<ManagedService>) {
  const utils = trpc.useUtils();
  const clients = useClientOptions();
  return (
    <ItemFormModal<ManagedService, ServiceValues>
      {...props}
      title={props.item ? "Edit service" : "Add service"}
      schema={managedServiceFieldsSchema}
      noun="service"
      labels={LABELS}
      values={serviceValues}
      calls={{ create: trpc.incidents.createService, update: trpc.incidents.updateService }}
      saved={(saved, created) => [created ? "Service added" : "Service updated", `"${saved.name}" is saved.`]}
      failure="Failed to save the service"
      refresh={() => utils.incidents.services.invalidate()}
      label={props.item ? "Save Changes" : "Add service"}
    >
      {(form) => (
        <>
          <TextInput label="Name" required data-autofocus {...form.getInputProps("name")} />
          <Textarea label="Description" rows={2} {...form.getInputProps("description")} />
          <MultiSelect
            label={LABELS.clientIds}
            searchable
            data={clients.options}
            placeholder={clients.loading ? "Loading companies..." : "Choose companies"}
            {...form.getInputProps("clientIds")}
          />
        </>
      )}
    </ItemFormModal>
  );
}

const deleteTexts: ConfirmTexts = { title: "Delete service", label: "Delete", pendingLabel: "Deleting..." };

function DeleteServiceDialog({ service, onClose }: { service: ManagedService | null; onClose(): void }) {
  const utils = trpc.useUtils();
  const remove = trpc.incidents.deleteService.useMutation(
    toastOutcome(
      () => ["Service deleted", `"${service?.name}" has been deleted.`],
      "Failed to delete the service",
      () => utils.incidents.services.invalidate().then(onClose),
    ),
  );
  return (
    <ConfirmDialog item={service} onClose={onClose} texts={deleteTexts} mutation={remove} input={(s) => ({ id: s.id })}>
      "{service?.name}" will be deleted. Incidents declared against it stay, without it; its companies then see them
      only if named directly.
    </ConfirmDialog>
  );
}
