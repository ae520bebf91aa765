import { Alert, Badge, Group, Loader, Paper, Stack, Text, Title } from "@mantine/core";
import { formatDateTime } from "@repo/content";
import { useEffect, useState } from "react";
import { island } from "../../islands/island";
import { componentState, fetchStatusBoard, isFinished, type StatusBoardData, statusLabel } from "./status-json";

/** The placeholder's height: the Services heading and a list of three services. */
const BOARD_PLACEHOLDER_PX = 260;

/**
 * The live part of /status (docs/features.md §18): the overall state, each public service's state and the
 * public incidents of the last 90 days with their updates. An island that fetches the public JSON, so the
 * page itself stays prerendered HTML within the marketing budgets (decision 0054).
 */
function StatusBoard() {
  const [data, setData] = useState<StatusBoardData | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    fetchStatusBoard().then(setData, () => setFailed(true));
  }, []);

  if (failed) {
    return (
      <Alert color="red" title="Could not load the service status">
        Please try again in a moment, or read the feed below.
      </Alert>
    );
  }
  if (!data) {
    // The board's frame while the JSON loads, about as tall as a board of a few services, so what follows it
    // (the subscribe form) does not jump down when the data comes (layout shift, Lighthouse's CLS).
    return (
      <Stack gap="xl">
        <Paper withBorder radius="md" p="md">
          <Group gap="sm" role="status">
            <Loader size="sm" aria-hidden />
            <Text fw={700} size="lg">
              Loading the current status…
            </Text>
          </Group>
        </Paper>
        <Paper withBorder radius="md" mih={BOARD_PLACEHOLDER_PX} aria-hidden />
      </Stack>
    );
  }
  const { summary, incidents } = data;
  return (
    <Stack gap="xl">
      <Paper withBorder radius="md" p="md" role="status">
        <Text fw={700} size="lg">
          {summary.status.description}
        </Text>
      </Paper>

      <section aria-labelledby="status-services">
        <Title order={2} size="h3" id="status-services" mb="sm">
          Services
        </Title>
        {summary.components.length === 0 ? (
          <Text c="dimmed">No services are listed yet.</Text>
        ) : (
          <Paper withBorder radius="md" component="ul" p={0} m={0} style={{ listStyle: "none" }}>
            {summary.components.map((component, index) => {
              const state = componentState(component.status);
              return (
                <Group
                  key={component.id}
                  component="li"
                  justify="space-between"
                  wrap="nowrap"
                  p="md"
                  style={index > 0 ? { borderTop: "1px solid var(--mantine-color-gray-3)" } : undefined}
                >
                  <div>
                    <Text fw={600}>{component.name}</Text>
                    {component.description && (
                      <Text size="sm" c="dimmed">
                        {component.description}
                      </Text>
                    )}
                  </div>
                  <Badge color={state.color} variant="light" style={{ flexShrink: 0 }}>
                    {state.label}
                  </Badge>
                </Group>
              );
            })}
          </Paper>
        )}
      </section>

      <section aria-labelledby="status-incidents">
        <Title order={2} size="h3" id="status-incidents" mb="sm">
          Incidents in the last 90 days
        </Title>
        {incidents.length === 0 && <Text c="dimmed">No incidents in the last 90 days.</Text>}
        <Stack gap="md">
          {incidents.map((incident) => (
            <Paper key={incident.id} id={`incident-${incident.id}`} withBorder radius="md" p="md" component="article">
              <Group justify="space-between" align="flex-start">
                <Title order={3} size="h4">
                  {incident.name}
                </Title>
                <Badge variant="light" color={isFinished(incident.status) ? "green" : "orange"}>
                  {statusLabel(incident.status)}
                </Badge>
              </Group>
              {incident.scheduled_for && incident.scheduled_until ? (
                <Text size="sm" c="dimmed">
                  Scheduled maintenance: {formatDateTime(incident.scheduled_for)} to{" "}
                  {formatDateTime(incident.scheduled_until)}
                </Text>
              ) : (
                <Text size="sm" c="dimmed">
                  Began {formatDateTime(incident.created_at)}
                  {incident.resolved_at ? `, resolved ${formatDateTime(incident.resolved_at)}` : ""}
                </Text>
              )}
              <Stack gap={4} mt="sm" component="ol" style={{ listStyle: "none", padding: 0 }}>
                {incident.incident_updates.map((update) => (
                  <li key={update.id}>
                    <Text size="sm">
                      <strong>{statusLabel(update.status)}</strong> ({formatDateTime(update.created_at)}): {update.body}
                    </Text>
                  </li>
                ))}
              </Stack>
            </Paper>
          ))}
        </Stack>
      </section>
    </Stack>
  );
}

export default island("status/status-board", StatusBoard);
