import {
  Alert,
  Button,
  Center,
  Container,
  Divider,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { ClientTicketRating } from "../satisfaction/client-ticket-rating";
import { FINISHED_STATUSES, TICKET_TYPE_LABELS, ticketReference } from "@repo/validators";
import { getRouteApi, useNavigate } from "@tanstack/react-router";
import { useEffect, useRef, useState } from "react";
import { MergedIntoNotice } from "../../components/merged-into-notice";
import { ButtonLink } from "../../components/router-links";
import { formatExact } from "../../lib/format-date";
import { httpStatus } from "../../lib/server-message";
import { trpc } from "../../lib/trpc";
import { TicketBadges } from "./ticket-badges";
import { TicketComments } from "./ticket-comments";
import { ClientTicketTime } from "../time/client-ticket-time";
import { AttachmentList, filesOf } from "../../components/attachment-list";
import { TicketEditForm } from "./ticket-edit-form";
import { TicketProgress } from "./ticket-progress";

const route = getRouteApi("/_client-portal/client/tickets/$id");

/** /client/tickets/{id} (docs/product-spec.md §2). */
export function ClientTicketPage() {
  const { id } = route.useParams();
  const navigate = useNavigate();
  const ticket = trpc.clientPortal.ticket.useQuery({ id });
  // Who else gets the staff's replies (docs/features.md §5); nothing is shown when nobody is, or it fails.
  const cc = trpc.clientPortal.ticketCc.useQuery({ id }, { enabled: ticket.isSuccess });
  const copied = cc.data?.copyOnReplies ? cc.data.addresses.map((a) => a.email).join(", ") : "";
  const [editing, setEditing] = useState(false);
  // When the edit form closes (saved or cancelled), focus returns to Edit Ticket, not to the page body.
  const editButton = useRef<HTMLButtonElement>(null);
  const closeEditor = () => {
    setEditing(false);
    requestAnimationFrame(() => editButton.current?.focus());
  };

  // docs/product-spec.md §8: a 401 goes back to /client; any other failure is "Failed to fetch ticket".
  useEffect(() => {
    if (!ticket.isError) return;
    if (httpStatus(ticket.error) === 401) void navigate({ to: "/client", replace: true });
    else notifications.show({ title: "Error", message: "Failed to fetch ticket", color: "red" });
  }, [ticket.isError, ticket.error, navigate]);

  const reference = `Ticket #${ticketReference(id)}`;

  if (ticket.isError) {
    return (
      <Container size="md" py="xl">
        <Paper withBorder p="xl" radius="md" ta="center">
          <Title order={1} size="h3">
            {reference}
          </Title>
          <Text mt="md">Ticket not found or you don't have permission to view it.</Text>
          <ButtonLink to="/client" mt="lg">
            Return to Dashboard
          </ButtonLink>
        </Paper>
      </Container>
    );
  }

  const data = ticket.data;
  const finished = data ? FINISHED_STATUSES.includes(data.status) : false;

  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <ButtonLink to="/client" variant="default">
            ← Back
          </ButtonLink>
          <Group gap="xs">
            <Button
              variant="default"
              onClick={() => void ticket.refetch()}
              loading={ticket.isFetching && !ticket.isPending}
            >
              Refresh
            </Button>
            <Button ref={editButton} onClick={() => setEditing(true)} disabled={!data || finished || editing}>
              Edit Ticket
            </Button>
          </Group>
        </Group>

        <div>
          <Title order={1}>{reference}</Title>
          {data && (
            <Group mt="xs" gap="sm">
              <TicketBadges status={data.status} priority={data.priority} />
            </Group>
          )}
        </div>

        {!data ? (
          <Center py="xl">
            <Loader role="status" aria-label="Loading ticket" />
          </Center>
        ) : (
          <>
            {finished && (
              <Alert color="gray" role="note">
                This ticket is {data.status} and cannot be edited.
              </Alert>
            )}
            {data.mergedIntoId && <MergedIntoNotice portal="client" intoId={data.mergedIntoId} />}
            <Paper withBorder p="lg" radius="md">
              {editing && !finished ? (
                <TicketEditForm key={data.id} ticket={data} onDone={closeEditor} />
              ) : (
                <Stack gap="md">
                  <Title order={2} size="h3">
                    {data.title}
                  </Title>
                  <Text style={{ whiteSpace: "pre-wrap" }}>{data.description}</Text>
                  <AttachmentList files={filesOf(data.attachments, null)} />
                  <Divider />
                  <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" component="dl" m={0}>
                    <Detail label="Type" value={TICKET_TYPE_LABELS[data.type]} />
                    <Detail label="Requester" value={`${data.requesterName} (${data.requesterEmail})`} />
                    {copied && <Detail label="Copied on replies" value={copied} />}
                    <Detail label="Assigned To" value={data.assignee ? data.assignee.name : "Not yet assigned"} />
                    {data.device && <Detail label="Device" value={data.device.label} />}
                    <Detail label="Created" value={formatExact(data.createdAt)} />
                    <Detail label="Last Updated" value={formatExact(data.updatedAt)} />
                  </SimpleGrid>
                </Stack>
              )}
            </Paper>
            {data.timeline && data.expectations && (
              <TicketProgress
                status={data.status}
                priority={data.priority}
                timeline={data.timeline}
                expectations={data.expectations}
              />
            )}
            <ClientTicketTime ticketId={data.id} />
            {finished && <ClientTicketRating ticketId={data.id} />}
            <TicketComments ticketId={data.id} attachments={data.attachments} resolved={data.status === "RESOLVED"} />
          </>
        )}
      </Stack>
    </Container>
  );
}

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text component="dt" size="sm" c="dimmed">
        {label}
      </Text>
      <Text component="dd" m={0}>
        {value}
      </Text>
    </div>
  );
}
