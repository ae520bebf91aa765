// A schedule's run log: each due date, what became of it (created, skipped while the previous ticket was
// open, failed with its reason), and a link to the ticket.
import { Badge, Modal, Table, Text } from "@mantine/core";
import { formatDateTime } from "@repo/content";
import type { RecurringRunOutcome, RecurringTicket } from "@repo/validators";
import { AnchorLink } from "../../components/router-links";
import { ListTable } from "../../components/list-table";
import { LoadingStatus } from "../../components/staff-page";
import { trpc } from "../../lib/trpc";

const OUTCOMES: Record<RecurringRunOutcome, { label: string; color: string }> = {
  created: { label: "Created", color: "green" },
  skipped: { label: "Skipped: still open", color: "yellow" },
  failed: { label: "Failed", color: "red" },
};

export function RunLogModal({ schedule, onClose }: { schedule: RecurringTicket | null; onClose(): void }) {
  return (
    <Modal opened={schedule !== null} onClose={onClose} title={`Run log: ${schedule?.name ?? ""}`} centered size="xl">
      {schedule && <RunLog id={schedule.id} />}
    </Modal>
  );
}

function RunLog({ id }: { id: string }) {
  const runs = trpc.recurring.runs.useQuery({ id });
  if (runs.isPending) return <LoadingStatus>Loading the run log...</LoadingStatus>;
  if (runs.isError)
    return (
      <Text c="red" role="alert">
        Failed to fetch the run log
      </Text>
    );
  if (runs.data.length === 0) return <Text c="dimmed">No runs yet.</Text>;
  return (
    <ListTable label="Runs, newest first" columns={["Date", "Outcome", "Ticket"]} minWidth={520}>
      {runs.data.map((run) => (
        <Table.Tr key={run.id}>
          <Table.Td>{formatDateTime(run.occurrenceAt)}</Table.Td>
          <Table.Td>
            <Badge color={OUTCOMES[run.outcome].color} variant="light">
              {OUTCOMES[run.outcome].label}
            </Badge>
            {run.message && (
              <Text size="xs" mt={4}>
                {run.message}
              </Text>
            )}
          </Table.Td>
          <Table.Td>
            {run.ticketId ? (
              <AnchorLink to="/tickets/$id" params={{ id: run.ticketId }}>
                #{run.ticketReference}
              </AnchorLink>
            ) : (
              "—"
            )}
          </Table.Td>
        </Table.Tr>
      ))}
    </ListTable>
  );
}
