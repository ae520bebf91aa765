import { Anchor, Button, Group, Modal, Select, Stack, Text, Textarea } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import {
  ENQUIRY_STATUS_LABELS,
  type EnquiryStatus,
  STAFF_PRIORITY_LABELS,
  TICKET_TYPE_LABELS,
  type TicketPriority,
  type TicketType,
  ticketReference,
} from "@repo/validators";
import { useState } from "react";
import { AnchorLink } from "../../components/router-links";
import { TimeAgo } from "../../components/time-ago";
import { serverMessage } from "../../lib/server-message";
import { labelOptions } from "../../lib/label-options";
import { trpc } from "../../lib/trpc";
import { useAssigneeOptions, useClientOptions } from "../staff-portal/use-ticket-options";
import { UNASSIGNED } from "../staff-portal/ticket-form-values";

interface FollowedEnquiry {
  id: string;
  firstName: string;
  lastName: string;
  status: EnquiryStatus;
  ownerId: string | null;
  ticketId: string | null;
}

const STATUS_OPTIONS = labelOptions(ENQUIRY_STATUS_LABELS);
const failed = (error: unknown) =>
  notifications.show({ title: "Error", message: serverMessage(error, "Please try again."), color: "red" });

/**
 * The follow-up row of an enquiry card (docs/architecture.md §18): its status and owner, its notes, the conversion of
 * a support request into a ticket. A viewer sees it read-only.
 */
export function EnquiryFollowUp({ enquiry, readOnly }: { enquiry: FollowedEnquiry; readOnly: boolean }) {
  const utils = trpc.useUtils();
  const owners = useAssigneeOptions();
  const [notesOpen, setNotesOpen] = useState(false);
  const [converting, setConverting] = useState(false);
  const update = trpc.enquiries.update.useMutation({
    onSuccess: () => utils.contact.enquiryPage.invalidate(),
    onError: failed,
  });
  const name = `${enquiry.firstName} ${enquiry.lastName}`;

  return (
    <Stack gap="xs" mt="sm">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Select
          label="Status"
          size="xs"
          w={140}
          data={STATUS_OPTIONS}
          value={enquiry.status}
          allowDeselect={false}
          disabled={readOnly || update.isPending}
          onChange={(status) => status && update.mutate({ id: enquiry.id, status: status as EnquiryStatus })}
          aria-label={`Status of ${name}'s enquiry`}
        />
        <Select
          label="Owner"
          size="xs"
          w={220}
          data={owners.options.map((o) => (o.value === UNASSIGNED ? { ...o, label: "Nobody" } : o))}
          value={enquiry.ownerId ?? UNASSIGNED}
          allowDeselect={false}
          disabled={readOnly || update.isPending || owners.loading}
          onChange={(owner) => owner && update.mutate({ id: enquiry.id, ownerId: owner === UNASSIGNED ? null : owner })}
          aria-label={`Owner of ${name}'s enquiry`}
        />
        <Button size="xs" variant="default" onClick={() => setNotesOpen((open) => !open)} aria-expanded={notesOpen}>
          {notesOpen ? "Hide notes" : "Notes"}
        </Button>
        {enquiry.ticketId ? (
          <AnchorLink to="/tickets/$id" params={{ id: enquiry.ticketId }} size="sm">
            Ticket #{ticketReference(enquiry.ticketId)}
          </AnchorLink>
        ) : (
          !readOnly && (
            <Button size="xs" variant="light" onClick={() => setConverting(true)}>
              Convert to ticket
            </Button>
          )
        )}
      </Group>
      {notesOpen && <EnquiryNotes id={enquiry.id} readOnly={readOnly} />}
      <ConvertDialog enquiry={enquiry} name={name} opened={converting} onClose={() => setConverting(false)} />
    </Stack>
  );
}

function EnquiryNotes({ id, readOnly }: { id: string; readOnly: boolean }) {
  const utils = trpc.useUtils();
  const detail = trpc.enquiries.get.useQuery({ id });
  const [content, setContent] = useState("");
  const add = trpc.enquiries.addNote.useMutation({
    onSuccess: () => {
      setContent("");
      void utils.enquiries.get.invalidate({ id });
    },
    onError: failed,
  });
  if (detail.isPending) return <Text size="sm">Loading notes...</Text>;
  if (detail.isError) return <Text size="sm">Failed to load the notes.</Text>;
  return (
    <Stack gap="xs">
      {detail.data.notes.length === 0 ? (
        <Text size="sm" c="dimmed">
          No notes yet.
        </Text>
      ) : (
        <Stack gap={6} component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }} aria-label="Notes">
          {detail.data.notes.map((note) => (
            <li key={note.id}>
              <Text size="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
                {note.content}
              </Text>
              <Text size="xs" c="dimmed">
                {note.authorName} · <TimeAgo iso={note.createdAt} />
              </Text>
            </li>
          ))}
        </Stack>
      )}
      {!readOnly && (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            add.mutate({ id, content });
          }}
        >
          <Group align="flex-end" gap="xs" wrap="nowrap">
            <Textarea
              label="New note"
              size="xs"
              autosize
              minRows={1}
              value={content}
              onChange={(e) => setContent(e.currentTarget.value)}
              style={{ flex: 1 }}
            />
            <Button type="submit" size="xs" loading={add.isPending} disabled={!content.trim()}>
              Add note
            </Button>
          </Group>
        </form>
      )}
    </Stack>
  );
}

const TYPE_OPTIONS = labelOptions(TICKET_TYPE_LABELS);
const PRIORITY_OPTIONS = labelOptions(STAFF_PRIORITY_LABELS);

interface ConvertDialogProps {
  enquiry: FollowedEnquiry;
  name: string;
  opened: boolean;
  onClose(): void;
}

/** Which client the support request is for, and how urgent: then the ticket, with the visitor as requester. */
function ConvertDialog({ enquiry, name, opened, onClose }: ConvertDialogProps) {
  const utils = trpc.useUtils();
  const clients = useClientOptions();
  const [clientId, setClientId] = useState<string | null>(null);
  const [type, setType] = useState<TicketType>("REQUEST");
  const [priority, setPriority] = useState<TicketPriority>("P3");
  const convert = trpc.enquiries.convert.useMutation({
    onSuccess: ({ ticketId }) => {
      void utils.contact.enquiryPage.invalidate();
      notifications.show({
        title: "Ticket created",
        message: (
          <Anchor href={`/tickets/${ticketId}`} size="sm">
            Open ticket #{ticketReference(ticketId)}
          </Anchor>
        ),
        color: "green",
      });
      onClose();
    },
    onError: failed,
  });
  return (
    <Modal opened={opened} onClose={onClose} title={`Convert ${name}'s enquiry to a ticket`}>
      <Stack gap="sm">
        <Text size="sm">The ticket takes the enquiry's message as its description and {name} as its requester.</Text>
        <Select
          label="Client"
          placeholder="Choose the client"
          withAsterisk
          searchable
          data={clients.options}
          value={clientId}
          onChange={setClientId}
        />
        <ChoiceSelect label="Type" data={TYPE_OPTIONS} value={type} onChange={setType} />
        <ChoiceSelect label="Priority" data={PRIORITY_OPTIONS} value={priority} onChange={setPriority} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            disabled={!clientId}
            loading={convert.isPending}
            onClick={() => clientId && convert.mutate({ id: enquiry.id, clientId, type, priority })}
          >
            Create ticket
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

interface ChoiceSelectProps<T extends string> {
  label: string;
  data: { value: T; label: string }[];
  value: T;
  onChange: (value: T) => void;
}

/** A select that always holds one of its options. */
function ChoiceSelect<T extends string>({ label, data, value, onChange }: ChoiceSelectProps<T>) {
  return (
    <Select label={label} data={data} value={value} allowDeselect={false} onChange={(v) => v && onChange(v as T)} />
  );
}
