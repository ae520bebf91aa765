import { Badge, Button, Container, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { INCIDENT_STATUS_LABELS } from "@repo/validators/labels";
import { useState } from "react";
import { QueryStates } from "../../components/query-states";
import { AnchorLink } from "../../components/router-links";
import { StaffPageHeader } from "../../components/staff-page";
import { readStoredUser } from "../../lib/auth-storage";
import { formatDateTime } from "../../lib/format-date";
import { trpc } from "../../lib/trpc";
import { DeclareIncidentModal } from "./declare-incident-modal";
import { INCIDENT_IMPACT_LABELS, SERVICE_STATE_COLORS } from "./incident-labels";
import { mayChangeIncidents, staffIncidentList } from "./incident-order";

/**
 * /incidents (docs/features.md §18): the open incidents first, then the last 90 days'. ADMIN and AGENT
 * declare one here; a VIEWER reads. The managed services are an ADMIN's, linked from here.
 */
export function IncidentsPage() {
  const role = readStoredUser()?.role;
  const incidents = trpc.incidents.list.useQuery({});
  const [declaring, setDeclaring] = useState(false);
  return (
    <Container size="xl" py="xl">
      <StaffPageHeader
        title="Incidents"
        description="Outages and maintenance of the services we manage, and the tickets they caused."
        action={
          <Group gap="sm">
            {role === "ADMIN" && (
              <AnchorLink to="/settings/services" size="sm">
                Managed services
              </AnchorLink>
            )}
            {mayChangeIncidents(role) && <Button onClick={() => setDeclaring(true)}>Declare incident</Button>}
          </Group>
        }
      />
      <QueryStates
        query={incidents}
        texts={{
          loading: "Loading incidents",
          error: "Failed to fetch incidents",
          empty: "No incidents in the last 90 days.",
        }}
        isEmpty={(list) => staffIncidentList(list).length === 0}
      >
        {(list) => (
          <Stack gap="sm" component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }} aria-label="Incidents">
            {staffIncidentList(list).map((incident) => (
              <Paper key={incident.id} component="li" withBorder radius="md" p="md">
                <Group justify="space-between" align="flex-start" gap="xs">
                  <div>
                    <Title order={2} size="h4">
                      <AnchorLink to="/incidents/$id" params={{ id: incident.id }}>
                        {incident.title}
                      </AnchorLink>
                    </Title>
                    <Text size="sm" c="dimmed">
                      {incident.scheduledFor
                        ? `Maintenance from ${formatDateTime(incident.scheduledFor)}`
                        : `Declared ${formatDateTime(incident.createdAt)}`}
                      {" · "}
                      {incident.services.map((s) => s.name).join(", ") || "No service"}
                      {" · "}
                      {incident.ticketIds.length} linked ticket{incident.ticketIds.length === 1 ? "" : "s"}
                    </Text>
                  </div>
                  <Group gap="xs">
                    {incident.isPublic && <Badge variant="outline">Public</Badge>}
                    <Badge color={SERVICE_STATE_COLORS[incident.impact]} variant="light">
                      {INCIDENT_IMPACT_LABELS[incident.impact]}
                    </Badge>
                    <Badge color={incident.status === "RESOLVED" ? "green" : "orange"} variant="light">
                      {INCIDENT_STATUS_LABELS[incident.status]}
                    </Badge>
                  </Group>
                </Group>
              </Paper>
            ))}
          </Stack>
        )}
      </QueryStates>
      <DeclareIncidentModal opened={declaring} onClose={() => setDeclaring(false)} />
    </Container>
  );
}
