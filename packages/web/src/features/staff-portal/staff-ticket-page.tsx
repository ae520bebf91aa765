import { Button, Container, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { ticketReference } from "@repo/validators";
import { useMutationState } from "@tanstack/react-query";
import { getRouteApi } from "@tanstack/react-router";
import { getMutationKey } from "@trpc/react-query";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { ShortcutsDialog, type ShortcutHelp } from "../../components/shortcuts-dialog";
import { readStoredUser } from "../../lib/auth-storage";
import { useShortcuts } from "../../lib/use-shortcuts";
import { LoadingStatus } from "../../components/staff-page";
import { ButtonLink } from "../../components/router-links";
import { httpStatus, serverMessage } from "../../lib/server-message";
import { showCallFailure } from "../../lib/staff-toasts";
import { trpc } from "../../lib/trpc";
import { isSessionExpired } from "../../lib/use-session-expiry";
import { TicketMails } from "../mail";
import { TicketSlaPanel } from "../sla/ticket-sla-panel";
import type { StaffTicket } from "./api-types";
import { isNewTicketId } from "./new-ticket-id";
import { SlaBadge, TicketPriorityBadge, TicketStatusBadge } from "./ticket-badges";
import { StaffTicketRating } from "../satisfaction/staff-ticket-rating";
import { type ComposerHandle, TicketConversation } from "./ticket-conversation";
import { useAssignToMe } from "./use-assign-to-me";
import { TicketDetailsForm } from "./ticket-details-form";
import { TicketHistory } from "./ticket-history";
import { MergeNotices, TicketRelations } from "./ticket-relations";
import { TicketCc } from "./ticket-cc";
import { mayChangeIncidents } from "../incidents/incident-order";
import { TicketIncidentPanel } from "../incidents/ticket-incident-panel";
import { HeldReview } from "./held-review";
import { DraftArticleButton } from "../knowledge-in-tickets/draft-article-button";
import { useAssigneeOptions, useClientOptions } from "./use-ticket-options";
import { TicketTimer } from "../time/ticket-timer";
import { useFocusHeartbeat } from "../time/use-focus-heartbeat";
import { useTicketTimer } from "../time/use-ticket-timer";
import layout from "./ticket-page-layout.module.css";

const route = getRouteApi("/_staff-portal/tickets/$id");

/** The ticket page's shortcuts (docs/architecture.md §18), as the "?" dialog lists them. */
const TICKET_SHORTCUTS: ShortcutHelp[] = [
  { keys: ["r"], does: "Write a reply to the client" },
  { keys: ["n"], does: "Write an internal note" },
  { keys: ["t"], does: "Start or stop your timer on this ticket" },
];

/** /tickets/new creates a ticket; /tickets/{id} edits one (docs/product-spec.md §2). */
export function StaffTicketPage() {
  const { id } = route.useParams();
  return isNewTicketId(id) ? <NewTicketScreen /> : <EditTicketScreen id={id} />;
}

function NewTicketScreen() {
  const clients = useClientOptions();
  const assignees = useAssigneeOptions();
  return (
    <TicketScreenFrame heading="New Ticket">
      <Container size="md" px={0}>
        <TicketDetailsForm clients={clients} assignees={assignees} />
      </Container>
    </TicketScreenFrame>
  );
}

function EditTicketScreen({ id }: { id: string }) {
  const query = trpc.tickets.get.useQuery({ id });
  useFocusHeartbeat(query.data?.id);
  const ticket = query.data;
  const clients = useClientOptions();
  const assignees = useAssigneeOptions(ticket?.assignee);
  const composer = useRef<ComposerHandle>(null);
  const [helpOpen, setHelpOpen] = useState(false);
  const timer = useTicketTimer(id);
  useShortcuts(
    {
      r: () => composer.current?.focus("public"),
      n: () => composer.current?.focus("internal"),
      t: timer.toggle,
      "?": () => setHelpOpen(true),
    },
    !helpOpen,
  );

  // A delete's own live event can make the screen refetch before the delete answers: the 404 that follows
  // is the person's own success (their "Ticket deleted" toast says so), not a failure to report.
  const deletedHere = useMutationState({
    filters: { mutationKey: getMutationKey(trpc.tickets.delete), predicate: (m) => m.state.status !== "error" },
    select: (m) => (m.state.variables as { id?: string } | undefined)?.id,
  }).includes(id);
  useEffect(() => {
    if (!query.error || isSessionExpired(query.error)) return;
    if (deletedHere && httpStatus(query.error) === 404) return;
    showCallFailure(query.error, "Failed to fetch ticket");
  }, [query.error, deletedHere]);

  const heading = `Ticket #${ticketReference(id)}`;
  if (query.isPending) {
    return (
      <TicketScreenFrame heading={heading}>
        <LoadingStatus>Loading ticket...</LoadingStatus>
      </TicketScreenFrame>
    );
  }
  // A ticket deleted while on screen: the refetch fails with 404 and the old copy must not linger.
  if (!ticket || httpStatus(query.error) === 404) {
    return (
      <TicketScreenFrame heading={heading}>
        <TicketLoadError error={query.error} />
      </TicketScreenFrame>
    );
  }
  return (
    <TicketScreenFrame
      heading={heading}
      badges={
        <>
          <TicketHeaderBadges ticket={ticket} />
          <AssignToMe ticket={ticket} />
          <DraftArticleButton ticketId={ticket.id} status={ticket.status} />
        </>
      }
    >
      <ShortcutsDialog opened={helpOpen} onClose={() => setHelpOpen(false)} shortcuts={TICKET_SHORTCUTS} />
      <HeldReview ticket={ticket} />
      <MergeNotices ticket={ticket} />
      <div className={layout.layout}>
        <div className={layout.conversation}>
          <TicketConversation
            composer={composer}
            ticketId={ticket.id}
            clientId={ticket.clientId}
            status={ticket.status}
            requesterName={ticket.requesterName}
            openingMailId={ticket.mailId}
            attachments={ticket.attachments}
          />
        </div>
        <Stack gap="lg" className={layout.side}>
          <TicketTimer state={timer} />
          <TicketSlaPanel ticketId={ticket.id} version={`${ticket.updatedAt}|${ticket.status}|${ticket.priority}`} />
          <TicketDetailsForm ticket={ticket} clients={clients} assignees={assignees} />
          <TicketRelations ticket={ticket} />
          <TicketIncidentPanel ticketId={ticket.id} readOnly={!mayChangeIncidents(readStoredUser()?.role)} />
          <TicketCc ticketId={ticket.id} />
        </Stack>
        <Stack gap="lg" className={layout.activity}>
          <StaffTicketRating ticketId={ticket.id} />
          <TicketHistory ticketId={ticket.id} names={{ users: assignees.names, clients: clients.names }} />
          <TicketMails ticketId={ticket.id} />
        </Stack>
      </div>
    </TicketScreenFrame>
  );
}

function TicketScreenFrame({
  heading,
  badges,
  children,
}: {
  heading: string;
  badges?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Container size="xl" py="xl">
      <ButtonLink to="/dashboard" variant="subtle" px={0} mb="sm" leftSection={<span aria-hidden>←</span>}>
        Back to Dashboard
      </ButtonLink>
      <Group gap="sm" mb="lg" align="center">
        <Title order={1}>{heading}</Title>
        {badges}
      </Group>
      {children}
    </Container>
  );
}

/** The ticket's "Assign to me" (ADMIN and AGENT), unless it is the caller's already. */
function AssignToMe({ ticket }: { ticket: StaffTicket }) {
  const me = readStoredUser();
  const assign = useAssignToMe();
  if (!(me?.role === "ADMIN" || me?.role === "AGENT") || ticket.assignee?.email === me.email) return null;
  return (
    <Button variant="light" onClick={() => assign.run(ticket.id)} loading={assign.pendingId === ticket.id}>
      Assign to me
    </Button>
  );
}

function TicketHeaderBadges({ ticket }: { ticket: StaffTicket }) {
  return (
    <Group gap="xs">
      <TicketStatusBadge status={ticket.status} size="lg" />
      <TicketPriorityBadge priority={ticket.priority} size="lg" />
      <SlaBadge state={ticket.slaState} paused={ticket.slaPaused} size="lg" />
    </Group>
  );
}

/** "Ticket not found." for an unknown id; otherwise the error itself (docs/product-spec.md §2). */
function TicketLoadError({ error }: { error: unknown }) {
  const notFound = httpStatus(error) === 404;
  return (
    <Paper withBorder p="xl" ta="center">
      <Text role="alert" mb="md">
        {notFound ? "Ticket not found." : `Error loading ticket: ${serverMessage(error, "Failed to fetch ticket")}`}
      </Text>
      <ButtonLink to="/dashboard" variant="light">
        Return to Dashboard
      </ButtonLink>
    </Paper>
  );
}
