import { Button, Group, Text, TextInput } from "@mantine/core";
import { type FormEvent, useState } from "react";
import { island } from "../../islands/island";
import { postJson } from "../../lib/public-api";

export const CHECK_INBOX = "Check your inbox: we have sent you a link to confirm your subscription.";

/**
 * The status page's mail subscription (docs/features.md §18): POST /api/status/subscriptions, then the same
 * "check your inbox" whatever the server answers, as the server does, so the form tells nobody whether an
 * address is subscribed. The browser's own email check keeps out a blank or malformed address.
 */
function StatusSubscribe() {
  const [email, setEmail] = useState("");
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSending(true);
    await postJson("/api/status/subscriptions", { email }).catch(() => undefined);
    setSending(false);
    setSent(true);
  };

  if (sent) {
    return (
      <Text role="status" fw={600}>
        {CHECK_INBOX}
      </Text>
    );
  }
  return (
    <form onSubmit={submit} aria-label="Subscribe to status updates">
      <Group align="flex-end" gap="sm">
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
          style={{ flex: "1 1 240px" }}
        />
        <Button type="submit" loading={sending}>
          Subscribe
        </Button>
      </Group>
    </form>
  );
}

export default island("status/status-subscribe", StatusSubscribe);
