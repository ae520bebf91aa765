// What a staff ticket names beside its fields (docs/architecture.md §18): the device it is about, the tickets linked
// to it, and merging it into the ticket that stays. The server decides every rule (same company for a
// merge and a device; links across companies); the screen shows its refusals as they come.
import { Alert, Button, CloseButton, Group, Modal, Paper, Select, Stack, Text, Title } from "@mantine/core";
import { useDebouncedValue, useDisclosure } from "@mantine/hooks";
import { TICKET_LINK_KINDS, TICKET_LINK_LABELS, ticketReference, type TicketLinkKind } from "@repo/validators";
import { useState } from "react";
import { DeviceSelect } from "../../components/device-select";
import { MergedIntoNotice } from "../../components/merged-into-notice";
import { AnchorLink } from "../../components/router-links";
import { showCallFailure, showSuccess } from "../../lib/staff-toasts";
import { trpc } from "../../lib/trpc";
import type { StaffTicket } from "./api-types";
import { TicketStatusBadge } from "./ticket-badges";

/** The pointer on a merged duplicate, and the duplicates merged into a ticket. */
export function MergeNotices({ ticket }: { ticket: StaffTicket }) {
  const merged = ticket.mergedFrom ?? [];
  return (
    <>
      {ticket.mergedIntoId && <MergedIntoNotice portal="staff" intoId={ticket.mergedIntoId} mb="lg" />}
      {merged.length > 0 && (
        <Alert color="blue" title="Merged into this ticket" mb="lg">
          <Stack gap={2}>
            {merged.map((m) => (
              <AnchorLink key={m.id} to="/tickets/$id" params={{ id: m.id }}>
                Ticket #{ticketReference(m.id)}: {m.title}
              </AnchorLink>
            ))}
          </Stack>
        </Alert>
      )}
    </>
  );
}

/**
 * A searchable pick of another ticket: by its number ("#1a2b3c4d") or words of its title, over the staff
 * list's search. `exclude` leaves out the ticket on screen.
 */
function TicketPicker({
  label,
  value,
  onChange,
  exclude,
}: {
  label: string;
  value: string | null;
  onChange(id: string | null): void;
  exclude: string;
}) {
  const [search, setSearch] = useState("");
  const [q] = useDebouncedValue(search.trim(), 250);
  const found = trpc.tickets.list.useQuery({ q, pageSize: 10, page: 1 }, { enabled: q.length >= 2 });
  const options = (found.data?.tickets ?? [])
    .filter((t) => t.id !== exclude)
    .map((t) => ({ value: t.id, label: `#${ticketReference(t.id)} ${t.title} (${t.client?.name ?? "no client"})` }));
  const nothing =
    q.length < 2 ? "Type a ticket number or words of its title" : found.isFetching ? "Searching..." : "No ticket found";
  return (
    <Select
      label={label}
      placeholder="Ticket number or title"
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      // The server searches; every option it answers is shown.
      filter={({ options: all }) => all}
      data={options}
      value={value}
      onChange={onChange}
      nothingFoundMessage={nothing}
      clearable
    />
  );
}

/** The device the ticket is about: the ticket's company's devices only (the server checks it too). */
function DeviceField({ ticket, readOnly }: { ticket: StaffTicket; readOnly: boolean }) {
  const utils = trpc.useUtils();
  const devices = trpc.devices.list.useQuery({ clientId: ticket.clientId });
  const setDevice = trpc.tickets.setDevice.useMutation({
    onSuccess: async (saved) => {
      utils.tickets.get.setData({ id: saved.id }, saved);
      showSuccess(
        "Device updated",
        saved.device ? `The ticket is about ${saved.device.label}.` : "The ticket names no device.",
      );
      await utils.tickets.history.invalidate({ id: saved.id });
    },
    onError: (error) => showCallFailure(error, "Failed to update the device"),
  });
  return (
    <DeviceSelect
      label="Device"
      devices={devices}
      current={ticket.device}
      noDevice="No device"
      failed="The devices could not be loaded."
      value={ticket.device?.id ?? null}
      onChange={(deviceId) => setDevice.mutate({ id: ticket.id, deviceId })}
      disabled={readOnly || setDevice.isPending}
      nothingFoundMessage="This client has no such device"
    />
  );
}

function LinksSection({ ticket, readOnly }: { ticket: StaffTicket; readOnly: boolean }) {
  const utils = trpc.useUtils();
  const links = trpc.tickets.links.useQuery({ id: ticket.id });
  const [other, setOther] = useState<string | null>(null);
  const [kind, setKind] = useState<TicketLinkKind>("related");
  const refresh = async (id: string, answer: { links: unknown }) => {
    utils.tickets.links.setData({ id }, answer as never);
    await utils.tickets.history.invalidate({ id });
  };
  const link = trpc.tickets.link.useMutation({
    onSuccess: async (answer) => {
      setOther(null);
      showSuccess("Tickets linked", `Ticket #${ticketReference(ticket.id)} is linked.`);
      await refresh(ticket.id, answer);
    },
    onError: (error) => showCallFailure(error, "Failed to link the tickets"),
  });
  const unlink = trpc.tickets.unlink.useMutation({
    onSuccess: (answer) => refresh(ticket.id, answer),
    onError: (error) => showCallFailure(error, "Failed to remove the link"),
  });
  const list = links.data?.links ?? [];
  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        Linked tickets
      </Title>
      {links.isPending ? (
        <Text size="sm" c="dimmed">
          Loading links...
        </Text>
      ) : links.isError ? (
        <Text size="sm" c="red" role="alert">
          The links could not be loaded.
        </Text>
      ) : list.length === 0 ? (
        <Text size="sm" c="dimmed">
          No linked tickets.
        </Text>
      ) : (
        <Stack gap={4} component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }} aria-label="Linked tickets">
          {list.map((l) => (
            <Group key={l.id} component="li" gap="xs" wrap="nowrap" justify="space-between">
              <Text size="sm">
                {l.label}{" "}
                <AnchorLink to="/tickets/$id" params={{ id: l.ticket.id }}>
                  #{ticketReference(l.ticket.id)} {l.ticket.title}
                </AnchorLink>
                {l.ticket.clientName ? ` (${l.ticket.clientName})` : ""}{" "}
                <TicketStatusBadge status={l.ticket.status} size="xs" />
              </Text>
              {!readOnly && (
                <CloseButton
                  size="sm"
                  aria-label={`Remove link to #${ticketReference(l.ticket.id)}`}
                  disabled={unlink.isPending}
                  onClick={() => unlink.mutate({ id: ticket.id, linkId: l.id })}
                />
              )}
            </Group>
          ))}
        </Stack>
      )}
      {!readOnly && (
        <Stack gap="xs">
          <TicketPicker label="Link a ticket" value={other} onChange={setOther} exclude={ticket.id} />
          <Group gap="xs" align="flex-end" wrap="nowrap">
            <Select
              label="Relation"
              data={TICKET_LINK_KINDS.map((k) => ({ value: k, label: TICKET_LINK_LABELS[k].forward }))}
              value={kind}
              onChange={(value) => setKind((value as TicketLinkKind | null) ?? "related")}
              allowDeselect={false}
              style={{ flex: 1 }}
            />
            <Button
              disabled={!other || link.isPending}
              onClick={() => other && link.mutate({ id: ticket.id, ticketId: other, kind })}
            >
              {link.isPending ? "Linking..." : "Link"}
            </Button>
          </Group>
        </Stack>
      )}
    </Stack>
  );
}

function MergeDialog({ ticket, opened, onClose }: { ticket: StaffTicket; opened: boolean; onClose(): void }) {
  const utils = trpc.useUtils();
  const [target, setTarget] = useState<string | null>(null);
  const merge = trpc.tickets.merge.useMutation({
    onSuccess: async ({ source, target: kept }) => {
      utils.tickets.get.setData({ id: source.id }, source);
      utils.tickets.get.setData({ id: kept.id }, kept);
      onClose();
      showSuccess(
        "Tickets merged",
        `Ticket #${ticketReference(source.id)} was merged into ticket #${ticketReference(kept.id)}.`,
      );
      await Promise.all([utils.tickets.list.invalidate(), utils.tickets.history.invalidate()]);
    },
    onError: (error) => showCallFailure(error, "Failed to merge the tickets"),
  });
  return (
    <Modal opened={opened} onClose={onClose} title="Merge into another ticket">
      <Stack gap="md">
        <Text size="sm">
          Ticket #{ticketReference(ticket.id)} will be closed, and its comments, files and history moved to the ticket
          you choose. Both tickets must be of the same client.
        </Text>
        <TicketPicker label="Merge into" value={target} onChange={setTarget} exclude={ticket.id} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            color="orange"
            disabled={!target || merge.isPending}
            onClick={() => target && merge.mutate({ id: ticket.id, targetId: target })}
          >
            {merge.isPending ? "Merging..." : "Merge"}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** The card beside the conversation: device, links, and the merge (hidden once the ticket is merged). */
export function TicketRelations({ ticket, readOnly = false }: { ticket: StaffTicket; readOnly?: boolean }) {
  const [mergeOpened, mergeDialog] = useDisclosure(false);
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-label="Device and linked tickets">
      <Stack gap="md">
        <DeviceField ticket={ticket} readOnly={readOnly || !!ticket.mergedIntoId} />
        <LinksSection ticket={ticket} readOnly={readOnly} />
        {!readOnly && !ticket.mergedIntoId && (
          <>
            <Button variant="light" color="orange" onClick={mergeDialog.open}>
              Merge into another ticket...
            </Button>
            <MergeDialog ticket={ticket} opened={mergeOpened} onClose={mergeDialog.close} />
          </>
        )}
      </Stack>
    </Paper>
  );
}
