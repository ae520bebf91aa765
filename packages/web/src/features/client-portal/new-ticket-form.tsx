import { Alert, Paper, SimpleGrid, Stack, Title } from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { TICKET_DEFAULTS, clientTicketCreateInputSchema, type TicketPriority, type TicketType } from "@repo/validators";
import { AttachmentPicker, useAttachmentUploads } from "../../components/attachment-picker";
import type { FieldsForm } from "../../components/fields-form";
import { DeviceSelect } from "../../components/device-select";
import { FormActions } from "../../components/form-actions";
import type { StoredUser } from "../../lib/auth-storage";
import { trpc } from "../../lib/trpc";
import { invalidateTicketLists } from "./use-refresh-ticket";
import { TicketPrioritySelect, TicketTextFields, TicketTypeSelect } from "./ticket-fields";
import { useFocusOnMount } from "../../lib/use-focus-on-mount";
import { useState } from "react";
import { SuggestedArticles, usePortalDeflection } from "../help-centre/suggested-articles";

interface NewTicketValues {
  title: string;
  description: string;
  type: TicketType;
  priority: TicketPriority;
  requesterName: string;
  requesterEmail: string;
  /** "" for none: the field is optional and sent only when a device is chosen. */
  deviceId: string;
}

interface NewTicketFormProps {
  user: StoredUser;
  onDone(): void;
}

/** The inline New Ticket form; the requester is the signed-in user and is not shown (docs/product-spec.md §5). */
export function NewTicketForm({ user, onDone }: NewTicketFormProps) {
  const utils = trpc.useUtils();
  const uploads = useAttachmentUploads("session");
  const form = useForm<NewTicketValues>({
    mode: "uncontrolled",
    initialValues: {
      title: "",
      description: "",
      type: TICKET_DEFAULTS.type,
      priority: TICKET_DEFAULTS.priority,
      requesterName: user.name,
      requesterEmail: user.email,
      deviceId: "",
    },
    validate: schemaResolver(clientTicketCreateInputSchema, { sync: true }),
  });
  // The title as typed, for the articles offered under it (the form itself is uncontrolled).
  const [title, setTitle] = useState("");
  form.watch("title", ({ value }) => setTitle(value));
  const deflection = usePortalDeflection();
  // Opened from its button: focus moves into the form, to its heading (WCAG 2.4.3).
  const heading = useFocusOnMount<HTMLHeadingElement>();
  const create = trpc.clientPortal.createTicket.useMutation({
    onSuccess: async () => {
      notifications.show({ title: "Ticket created", message: "We'll be in touch soon.", color: "green" });
      deflection.sent();
      form.reset();
      uploads.reset();
      onDone();
      await invalidateTicketLists(utils);
    },
    onError: () => {
      notifications.show({ title: "Error", message: "Failed to create ticket. Please try again.", color: "red" });
    },
  });

  // The requester fields are hidden, so their messages (a stored user without a name) show here.
  const requesterError = form.errors.requesterName ?? form.errors.requesterEmail;

  return (
    <Paper withBorder p="md" radius="md">
      <form
        onSubmit={form.onSubmit(({ deviceId, ...values }) =>
          // Without a device the payload keeps the spec's exact shape (docs/product-spec.md §7).
          create.mutate({ ...values, ...uploads.attached, ...(deviceId ? { deviceId } : {}) }),
        )}
        noValidate
        aria-label="New Ticket"
      >
        <Stack gap="sm">
          <Title order={2} size="h4" ref={heading} tabIndex={-1}>
            New Ticket
          </Title>
          {requesterError && <Alert color="red">{requesterError}</Alert>}
          <TicketTextFields
            form={form}
            titlePlaceholder="A short summary of the issue"
            descriptionPlaceholder="What happened, who is affected, and what you have tried"
          />
          <SuggestedArticles title={title} onOpen={deflection.opened} />
          <AttachmentPicker uploads={uploads} disabled={create.isPending} />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <TicketTypeSelect form={form} />
            <TicketPrioritySelect form={form} />
          </SimpleGrid>
          <CompanyDeviceSelect form={form} />
          <FormActions
            onCancel={onDone}
            pending={create.isPending}
            label="Create Ticket"
            disabled={uploads.uploading}
          />
        </Stack>
      </form>
    </Paper>
  );
}

/**
 * "Which device is it about?": the company's own devices (the server lists no other company's, and refuses
 * one on create). Optional, so a failed list leaves the form usable.
 */
function CompanyDeviceSelect({
  form,
}: {
  form: FieldsForm<"deviceId"> & { setFieldValue(path: "deviceId", value: string): void };
}) {
  const devices = trpc.devices.list.useQuery({});
  return (
    <DeviceSelect
      label="Device (optional)"
      devices={devices}
      noDevice="No particular device"
      failed="Your devices could not be loaded; you can still send the ticket."
      nothingFoundMessage="No device matches"
      key={form.key("deviceId")}
      {...form.getInputProps("deviceId")}
      onChange={(value) => form.setFieldValue("deviceId", value ?? "")}
    />
  );
}
