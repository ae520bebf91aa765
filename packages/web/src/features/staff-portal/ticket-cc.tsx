// The ticket page's CC card (docs/decisions/0032-ticket-cc.md): the addresses copied on the ticket's
// mails (kept from mail, or added here), and whether public replies copy them. ADMIN and AGENT edit it;
// a VIEWER reads it. The server decides every rule (our own addresses, the requester, the limit); the
// card shows its refusals as they come, and the address rule of the same schema before it asks.
import { Button, CloseButton, Group, Paper, Stack, Switch, Text, TextInput, Title } from "@mantine/core";
import { TICKET_CC_LIMITS, ticketCcAddInputSchema, type TicketCcList } from "@repo/validators";
import { useState } from "react";
import { readStoredUser } from "../../lib/auth-storage";
import { showCallFailure, showSuccess } from "../../lib/staff-toasts";
import { trpc } from "../../lib/trpc";

const VIA_LABELS = { mail: "from mail", staff: "added by staff" } as const;

export function TicketCc({ ticketId }: { ticketId: string }) {
  const me = readStoredUser();
  const canEdit = me?.role === "ADMIN" || me?.role === "AGENT";
  const utils = trpc.useUtils();
  const cc = trpc.tickets.cc.useQuery({ id: ticketId });
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string | null>(null);
  const saved = async (list: TicketCcList) => {
    utils.tickets.cc.setData({ id: ticketId }, list);
    await utils.tickets.history.invalidate({ id: ticketId });
  };
  const add = trpc.tickets.addCc.useMutation({
    onSuccess: async (list, input) => {
      setEmail("");
      showSuccess("CC added", `${input.email.trim().toLowerCase()} is copied on public replies.`);
      await saved(list);
    },
    onError: (failure) => showCallFailure(failure, "Failed to add the address"),
  });
  const remove = trpc.tickets.removeCc.useMutation({
    onSuccess: saved,
    onError: (failure) => showCallFailure(failure, "Failed to remove the address"),
  });
  const setCopy = trpc.tickets.setCcCopy.useMutation({
    onSuccess: saved,
    onError: (failure) => showCallFailure(failure, "Failed to change the setting"),
  });

  const submit = () => {
    const parsed = ticketCcAddInputSchema.safeParse({ email });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? "Please enter a valid email address");
      return;
    }
    setError(null);
    add.mutate({ id: ticketId, email: parsed.data.email });
  };

  const list = cc.data?.addresses ?? [];
  const full = list.length >= TICKET_CC_LIMITS.maxAddresses;
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="ticket-cc-heading">
      <Stack gap="xs">
        <Title order={3} size="h5" id="ticket-cc-heading">
          CC
        </Title>
        {cc.isPending ? (
          <Text size="sm" c="dimmed">
            Loading CC...
          </Text>
        ) : cc.isError ? (
          <Text size="sm" c="red" role="alert">
            The CC list could not be loaded.
          </Text>
        ) : (
          <>
            <Switch
              label="Copy CC on public replies"
              checked={cc.data.copyOnReplies}
              disabled={!canEdit || setCopy.isPending}
              onChange={(event) => setCopy.mutate({ id: ticketId, copyOnReplies: event.currentTarget.checked })}
            />
            {list.length === 0 ? (
              <Text size="sm" c="dimmed">
                Nobody is copied.
              </Text>
            ) : (
              <Stack gap={4} component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }} aria-label="CC">
                {list.map((a) => (
                  <Group key={a.id} component="li" gap="xs" wrap="nowrap" justify="space-between">
                    <Text size="sm">
                      {a.email}{" "}
                      <Text span size="xs" c="dimmed">
                        ({VIA_LABELS[a.addedVia]})
                      </Text>
                    </Text>
                    {canEdit && (
                      <CloseButton
                        size="sm"
                        aria-label={`Remove ${a.email}`}
                        disabled={remove.isPending}
                        onClick={() => remove.mutate({ id: ticketId, ccId: a.id })}
                      />
                    )}
                  </Group>
                ))}
              </Stack>
            )}
          </>
        )}
        {canEdit && cc.isSuccess && (
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              submit();
            }}
          >
            <Group gap="xs" align="flex-start" wrap="nowrap">
              <TextInput
                label="Add an address"
                type="email"
                value={email}
                onChange={(event) => {
                  setEmail(event.currentTarget.value);
                  setError(null);
                }}
                error={error}
                disabled={full}
                description={full ? `At most ${TICKET_CC_LIMITS.maxAddresses} addresses` : undefined}
                style={{ flex: 1 }}
              />
              <Button type="submit" mt={25} disabled={full || add.isPending}>
                {add.isPending ? "Adding..." : "Add"}
              </Button>
            </Group>
          </form>
        )}
      </Stack>
    </Paper>
  );
}
