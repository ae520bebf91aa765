import { Badge, Container, Group, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { type Incident, INCIDENT_STATUS_LABELS } from "@repo/validators";
import { getRouteApi } from "@tanstack/react-router";
import { ButtonLink } from "../../components/router-links";
import { LoadingStatus } from "../../components/staff-page";
import { readStoredUser } from "../../lib/auth-storage";
import { formatDateTime } from "../../lib/format-date";
import { httpStatus, serverMessage } from "../../lib/server-message";
import { trpc } from "../../lib/trpc";
import { useClientOptions } from "../staff-portal/use-ticket-options";
import { IncidentTickets } from "./incident-tickets";
import { INCIDENT_IMPACT_LABELS, SERVICE_STATE_COLORS } from "./incident-labels";
import { mayChangeIncidents } from "./incident-order";
import { PostUpdateForm } from "./post-update-form";

const route = getRouteApi("/_staff-portal/incidents_/$id");

/**
 * /incidents/{id} (docs/features.md §18): the incident, its updates, the form that posts the next one,
 * its linked tickets and the tickets suggested for linking. A VIEWER reads it all and changes nothing.
 */
export function IncidentPage() {
  const { id } = route.useParams();
  const query = trpc.incidents.get.useQuery({ id });
  const canChange = mayChangeIncidents(readStoredUser()?.role);
  const incident = query.data;
  return (
    <Container size="xl" py="xl">
      <ButtonLink to="/incidents" variant="subtle" px={0} mb="sm" leftSection={<span aria-hidden>←</span>}>
        Back to Incidents
      </ButtonLink>
      {query.isPending ? (
        <LoadingStatus>Loading incident...</LoadingStatus>
      ) : !incident ? (
        <Paper withBorder p="xl" ta="center">
          <Text role="alert">
            {httpStatus(query.error) === 404
              ? "Incident not found."
              : `Error loading the incident: ${serverMessage(query.error, "Failed to fetch the incident")}`}
          </Text>
        </Paper>
      ) : (
        <Stack gap="lg">
          <IncidentHeading incident={incident} />
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
            <Stack gap="lg">
              <IncidentUpdates incident={incident} />
              {canChange && <PostUpdateForm incident={incident} />}
            </Stack>
            <IncidentTickets incident={incident} canChange={canChange} />
          </SimpleGrid>
        </Stack>
      )}
    </Container>
  );
}

function IncidentHeading({ incident }: { incident: Incident }) {
  const clients = useClientOptions();
  const companies = incident.clientIds.map((id) => clients.names.get(id) ?? "…").join(", ");
  return (
    <div>
      <Group gap="sm" align="center">
        <Title order={1}>{incident.title}</Title>
        <Badge color={incident.status === "RESOLVED" ? "green" : "orange"} variant="light" size="lg">
          {INCIDENT_STATUS_LABELS[incident.status]}
        </Badge>
        <Badge color={SERVICE_STATE_COLORS[incident.impact]} variant="light" size="lg">
          {INCIDENT_IMPACT_LABELS[incident.impact]}
        </Badge>
        {incident.isPublic && (
          <Badge variant="outline" size="lg">
            Public
          </Badge>
        )}
      </Group>
      <Text size="sm" c="dimmed" mt={4}>
        Services: {incident.services.map((s) => s.name).join(", ") || "none"}
        {companies ? ` · Companies: ${companies}` : ""}
      </Text>
      {incident.scheduledFor && incident.scheduledUntil && (
        <Text size="sm" c="dimmed">
          Maintenance window: {formatDateTime(incident.scheduledFor)} to {formatDateTime(incident.scheduledUntil)}
        </Text>
      )}
    </div>
  );
}

function IncidentUpdates({ incident }: { incident: Incident }) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="incident-updates">
      <Title order={2} size="h4" id="incident-updates" mb="sm">
        Updates
      </Title>
      <Stack gap="xs" component="ol" style={{ listStyle: "none", padding: 0, margin: 0 }}>
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
  );
}
