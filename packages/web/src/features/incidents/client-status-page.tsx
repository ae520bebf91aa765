import {
  Alert,
  Anchor,
  Badge,
  Center,
  Container,
  Group,
  Loader,
  Paper,
  Stack,
  Table,
  Text,
  Title,
} from "@mantine/core";
import { INCIDENT_STATUS_LABELS } from "@repo/validators/labels";
import { ButtonLink } from "../../components/router-links";
import { formatDateTime } from "../../lib/format-date";
import { trpc } from "../../lib/trpc";
import { SERVICE_STATE_COLORS, SERVICE_STATE_LABELS } from "./incident-labels";

/**
 * /client/status (docs/features.md §18): the services the client's company depends on, each with its
 * state, and the incidents that affect the company with their updates. The server filters both by the
 * session's company; nothing here names another company.
 */
export function ClientStatusPage() {
  const services = trpc.incidents.services.useQuery();
  const incidents = trpc.incidents.list.useQuery({});
  if (services.isPending || incidents.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label="Loading" />
      </Center>
    );
  }
  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end">
          <div>
            <Title order={1}>Service status</Title>
            <Text c="dimmed" size="sm">
              The services your company relies on, and what we are doing about any problem with them.
            </Text>
            {/* A plain page load: /status is a prerendered marketing page, not a route of the portal. */}
            <Anchor href="/status" size="sm">
              Public status page
            </Anchor>
          </div>
          <ButtonLink to="/client-dashboard" variant="default" size="xs">
            Back to dashboard
          </ButtonLink>
        </Group>
        {(services.isError || incidents.isError) && (
          <Alert color="red" title="Could not load the service status">
            Please try again in a moment.
          </Alert>
        )}
        <Paper withBorder radius="md">
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Service</Table.Th>
                <Table.Th>State</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(services.data ?? []).map((service) => (
                <Table.Tr key={service.id}>
                  <Table.Td>{service.name}</Table.Td>
                  <Table.Td>
                    <Badge color={SERVICE_STATE_COLORS[service.impact]} variant="light">
                      {SERVICE_STATE_LABELS[service.impact]}
                    </Badge>
                  </Table.Td>
                </Table.Tr>
              ))}
              {services.data?.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={2}>
                    <Text c="dimmed" size="sm">
                      No managed services are listed for your company.
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )}
            </Table.Tbody>
          </Table>
        </Paper>
        <Title order={2} size="h3">
          Incidents
        </Title>
        {incidents.data?.length === 0 && <Text c="dimmed">No incidents have affected your company.</Text>}
        {(incidents.data ?? []).map((incident) => (
          <Paper key={incident.id} withBorder p="md" radius="md" component="article">
            <Group justify="space-between">
              <Title order={3} size="h4">
                {incident.title}
              </Title>
              <Badge variant="light" color={incident.status === "RESOLVED" ? "green" : "orange"}>
                {INCIDENT_STATUS_LABELS[incident.status]}
              </Badge>
            </Group>
            {incident.scheduledFor && incident.scheduledUntil && (
              <Text size="sm" c="dimmed">
                Scheduled maintenance: {formatDateTime(incident.scheduledFor)} to{" "}
                {formatDateTime(incident.scheduledUntil)}
              </Text>
            )}
            <Stack gap={4} mt="sm" component="ol" style={{ listStyle: "none", padding: 0 }}>
              {incident.updates.map((update) => (
                <li key={update.id}>
                  <Text size="sm">
                    <strong>{INCIDENT_STATUS_LABELS[update.status]}</strong> ({formatDateTime(update.createdAt)}):{" "}
                    {update.message}
                  </Text>
                </li>
              ))}
            </Stack>
          </Paper>
        ))}
      </Stack>
    </Container>
  );
}
