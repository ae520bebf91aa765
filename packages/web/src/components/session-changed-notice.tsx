import { Button, Group, Modal, Text } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useState, useSyncExternalStore } from "react";
import { readAuthType, readStoredUser, storedSessionOwner, subscribeToSessionChanges } from "../lib/auth-storage";

const SIGN_IN = { client: "/client-auth", staff: "/admin" } as const;

/**
 * Says so when another tab signs this browser out, or in as someone else: the session lives in the
 * browser's storage (docs/product-spec.md §3), so this tab's calls now carry the other person's token
 * and would fail, or show what is not theirs. The person chooses: sign in again, or go on as
 * the person now signed in. Until then the modal covers the old screen, whose data is dropped on leaving.
 */
export function SessionChangedNotice({ portal }: { portal: keyof typeof SIGN_IN }) {
  const owner = useSyncExternalStore(subscribeToSessionChanges, storedSessionOwner, () => "");
  const [mine, setMine] = useState(owner);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  if (owner === mine) return null;

  const user = readStoredUser();
  const other =
    owner && user
      ? {
          name: user.name,
          home: readAuthType() === "client" ? ("/client-dashboard" as const) : ("/dashboard" as const),
        }
      : null;

  function leave(to: (typeof SIGN_IN)[keyof typeof SIGN_IN] | "/client-dashboard" | "/dashboard") {
    queryClient.clear();
    setMine(owner);
    void navigate({ to, replace: true });
  }

  return (
    <Modal
      opened
      onClose={() => undefined}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      centered
      title={other ? "Signed in as someone else" : "You were signed out"}
    >
      <Text size="sm">
        {other
          ? `This browser is now signed in as ${other.name} in another tab. A browser holds one sign-in at a time, so this tab's session has ended.`
          : "This browser was signed out in another tab."}
      </Text>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={() => leave(SIGN_IN[portal])}>
          Sign in again
        </Button>
        {other && <Button onClick={() => leave(other.home)}>Continue as {other.name}</Button>}
      </Group>
    </Modal>
  );
}
