import { Button, Group, Modal, Paper, Select, Text, TextInput } from "@mantine/core";
import {
  STAFF_PRIORITY_LABELS,
  TICKET_PRIORITIES,
  TICKET_STATUS_LABELS,
  TICKET_STATUSES,
  TICKET_TAG_LIMITS,
} from "@repo/validators";
import { useState } from "react";
import { showCallFailure, showSuccess } from "../../lib/staff-toasts";
import { trpc } from "../../lib/trpc";
import { isSessionExpired } from "../../lib/use-session-expiry";
import { UNASSIGNED } from "./ticket-form-values";
import { useAssigneeOptions } from "./use-ticket-options";

const plural = (n: number) => `${n} ticket${n === 1 ? "" : "s"}`;

interface BulkActionBarProps {
  ids: string[];
  isAdmin: boolean;
  /** The change is done: clear the selection. */
  onDone(): void;
}

/**
 * The action bar over the selected rows (docs/architecture.md §18): a status, a priority, an assignee or a
 * tag for all of them in one call (`tickets.bulkUpdate`, all or none), and, for an ADMIN, delete after a
 * confirmation. Each choice applies at once; the toast says how many tickets changed.
 */
export function BulkActionBar({ ids, isAdmin, onDone }: BulkActionBarProps) {
  const utils = trpc.useUtils();
  const assignees = useAssigneeOptions();
  const [tag, setTag] = useState("");
  const [confirming, setConfirming] = useState(false);
  const refresh = () => Promise.all([utils.tickets.list.invalidate(), utils.views.counts.invalidate()]);
  const failed = (error: unknown) => !isSessionExpired(error) && showCallFailure(error, "Failed to update tickets");

  const update = trpc.tickets.bulkUpdate.useMutation({
    onSuccess: async ({ changed }) => {
      showSuccess("Tickets updated", `${plural(changed)} changed.`);
      setTag("");
      onDone();
      await refresh();
    },
    onError: failed,
  });
  const remove = trpc.tickets.bulkDelete.useMutation({
    onSuccess: async ({ ids: deleted }) => {
      setConfirming(false);
      showSuccess("Tickets deleted", `${plural(deleted.length)} permanently deleted.`);
      onDone();
      await refresh();
    },
    onError: (error) => !isSessionExpired(error) && showCallFailure(error, "Failed to delete tickets"),
  });
  const busy = update.isPending || remove.isPending;

  return (
    <Paper withBorder p="sm" bg="var(--mantine-primary-color-light)" role="region" aria-label="Bulk actions">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Text fw={600} size="sm" aria-live="polite" style={{ alignSelf: "center" }}>
          {plural(ids.length)} selected
        </Text>
        <Select
          label="Set status"
          placeholder="Status"
          data={TICKET_STATUSES.map((s) => ({ value: s, label: TICKET_STATUS_LABELS[s] }))}
          value={null}
          onChange={(status) => status && update.mutate({ ids, status: status as (typeof TICKET_STATUSES)[number] })}
          disabled={busy}
          w={{ base: "100%", xs: 170 }}
        />
        <Select
          label="Set priority"
          placeholder="Priority"
          data={TICKET_PRIORITIES.map((p) => ({ value: p, label: STAFF_PRIORITY_LABELS[p] }))}
          value={null}
          onChange={(priority) =>
            priority && update.mutate({ ids, priority: priority as (typeof TICKET_PRIORITIES)[number] })
          }
          disabled={busy}
          w={{ base: "100%", xs: 160 }}
        />
        <Select
          label="Assign to"
          placeholder="Assignee"
          data={assignees.options}
          value={null}
          onChange={(who) => who && update.mutate({ ids, assigneeId: who === UNASSIGNED ? null : who })}
          disabled={busy || assignees.loading}
          searchable
          w={{ base: "100%", xs: 220 }}
        />
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (tag.trim()) update.mutate({ ids, addTag: tag.trim() });
          }}
        >
          <Group gap="xs" align="flex-end" wrap="nowrap">
            <TextInput
              label="Add tag"
              placeholder="Tag"
              value={tag}
              onChange={(event) => setTag(event.currentTarget.value)}
              maxLength={TICKET_TAG_LIMITS.maxLength}
              w={140}
            />
            <Button type="submit" variant="default" disabled={busy || !tag.trim()}>
              Add
            </Button>
          </Group>
        </form>
        <Button variant="subtle" onClick={onDone} disabled={busy}>
          Clear selection
        </Button>
        {isAdmin && (
          <Button color="red" variant="outline" onClick={() => setConfirming(true)} disabled={busy}>
            Delete
          </Button>
        )}
      </Group>
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={`Delete ${plural(ids.length)}`}
        centered
        closeOnClickOutside={!remove.isPending}
      >
        <Text size="sm">
          This action cannot be undone. All comments and audit logs associated with these tickets will also be
          permanently deleted.
        </Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => setConfirming(false)} disabled={remove.isPending}>
            Cancel
          </Button>
          <Button color="red" onClick={() => remove.mutate({ ids })} disabled={remove.isPending} data-autofocus>
            {remove.isPending ? "Deleting..." : "Delete Permanently"}
          </Button>
        </Group>
      </Modal>
    </Paper>
  );
}
