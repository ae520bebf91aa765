import { Badge, Button, Group, Paper, Stack, Table, Text, Title } from "@mantine/core";
import { type AutomationRule, ticketReference } from "@repo/validators";
import { AnchorLink } from "../../components/router-links";
import { TimeAgo } from "../../components/time-ago";
import { trpc } from "../../lib/trpc";

/** A rule's run log, newest first: each matched event, what it changed or the error, and the dry runs. */
export function RunLog({ rule, onClose }: { rule: AutomationRule; onClose: () => void }) {
  const runs = trpc.automation.runs.useQuery({ ruleId: rule.id });
  const list = runs.data?.runs ?? [];
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="run-log-title">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h3" id="run-log-title">
            Run log: {rule.name}
          </Title>
          <Button size="xs" variant="default" onClick={onClose}>
            Close
          </Button>
        </Group>
        {runs.isPending ? (
          <Text c="dimmed" role="status">
            Loading the run log...
          </Text>
        ) : list.length === 0 ? (
          <Text c="dimmed">This rule has not run yet.</Text>
        ) : (
          <Table.ScrollContainer minWidth={600}>
            <Table striped aria-label={`Run log of ${rule.name}`}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>When</Table.Th>
                  <Table.Th>Ticket</Table.Th>
                  <Table.Th>Trigger</Table.Th>
                  <Table.Th>Outcome</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.map((run) => (
                  <Table.Tr key={run.id}>
                    <Table.Td>
                      <TimeAgo iso={run.at} />
                    </Table.Td>
                    <Table.Td>
                      {run.ticketId ? (
                        <AnchorLink to="/tickets/$id" params={{ id: run.ticketId }} size="sm">
                          #{ticketReference(run.ticketId)}
                        </AnchorLink>
                      ) : (
                        "—"
                      )}
                    </Table.Td>
                    <Table.Td>{run.dryRun ? <Badge color="gray">Dry run</Badge> : run.trigger}</Table.Td>
                    <Table.Td>
                      {run.error ? (
                        <Text c="red" size="sm">
                          Failed: {run.error}
                        </Text>
                      ) : run.matched ? (
                        run.effects.map((e) => e.change).join("; ") || "Matched, nothing to change"
                      ) : (
                        "Did not match"
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Paper>
  );
}
