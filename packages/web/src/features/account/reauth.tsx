// Sudo mode in My account (docs/architecture.md §6a): a change to how the person signs in that the server
// refuses with REAUTH_REQUIRED opens a dialog asking for the password (or a code, or a passkey); once the
// server accepts it, the change is sent again. The server decides; the page only asks and retries.
import { Alert, Button, Group, Modal, PasswordInput, Stack, Text, TextInput } from "@mantine/core";
import { REAUTH_REQUIRED } from "@repo/validators";
import { TRPCClientError } from "@trpc/client";
import { createContext, type ReactNode, useCallback, useContext, useRef, useState } from "react";
import { serverMessage } from "../../lib/server-message";
import { trpc } from "../../lib/trpc";
import { browserSignature } from "./passkey-ceremony";

/** Whether a failed call asks for the person to prove who they are again. */
export function isReauthRequired(error: unknown): boolean {
  return (
    error instanceof TRPCClientError && (error.data as { reason?: unknown } | undefined)?.reason === REAUTH_REQUIRED
  );
}

/** The person closed the dialog: the change is dropped, and nothing more needs saying. */
export class ReauthCancelled extends Error {
  override name = "ReauthCancelled";
}

export const isReauthCancelled = (error: unknown) => error instanceof ReauthCancelled;

type WithReauth = <T>(action: () => Promise<T>) => Promise<T>;

const ReauthContext = createContext<WithReauth>((action) => action());

/** Runs `action`; when the server asks for a re-authentication, asks the person, then runs it once more. */
export const useReauth = () => useContext(ReauthContext);

type Method = "password" | "code";

function ReauthDialog({ opened, onDone, onCancel }: { opened: boolean; onDone(): void; onCancel(): void }) {
  const reauth = trpc.account.reauthenticate.useMutation();
  const passkeyOptions = trpc.account.reauthPasskeyOptions.useMutation();
  const passkeys = trpc.account.passkeys.useQuery(undefined, { enabled: opened });
  const [method, setMethod] = useState<Method>("password");
  const [value, setValue] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const reset = () => {
    setValue("");
    setError(null);
    setMethod("password");
  };
  async function prove(proof: () => Promise<unknown>) {
    setBusy(true);
    setError(null);
    try {
      await proof();
      reset();
      onDone();
    } catch (failure) {
      if ((failure as Error).name !== "NotAllowedError")
        setError(serverMessage(failure, "That did not work. Please try again."));
    } finally {
      setBusy(false);
    }
  }
  const submit = () => {
    if (!value.trim()) {
      setError(method === "password" ? "Enter your password" : "Enter the code from your authenticator app");
      return;
    }
    void prove(() => reauth.mutateAsync(method === "password" ? { password: value } : { code: value.trim() }));
  };
  const proveWithPasskey = () =>
    void prove(async () => {
      const response = await browserSignature(passkeyOptions.mutateAsync({}));
      await reauth.mutateAsync({ response: response as never });
    });

  return (
    <Modal
      opened={opened}
      onClose={() => {
        reset();
        onCancel();
      }}
      title="Confirm it is you"
      centered
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
        noValidate
      >
        <Stack gap="sm">
          <Text size="sm">
            Changing how you sign in needs you to prove it is you again. We will not ask again for a few minutes.
          </Text>
          {method === "password" ? (
            <PasswordInput
              label="Your password"
              autoComplete="current-password"
              value={value}
              onChange={(e) => setValue(e.currentTarget.value)}
              data-autofocus
            />
          ) : (
            <TextInput
              label="Code from your authenticator app"
              description="Or one of your recovery codes."
              autoComplete="one-time-code"
              value={value}
              onChange={(e) => setValue(e.currentTarget.value)}
              data-autofocus
            />
          )}
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <Group justify="space-between">
            <Group gap="xs">
              <Button
                variant="subtle"
                size="xs"
                onClick={() => {
                  setValue("");
                  setError(null);
                  setMethod(method === "password" ? "code" : "password");
                }}
              >
                {method === "password" ? "Use a code instead" : "Use your password instead"}
              </Button>
              {(passkeys.data?.passkeys.length ?? 0) > 0 && (
                <Button variant="subtle" size="xs" onClick={proveWithPasskey}>
                  Use a passkey
                </Button>
              )}
            </Group>
            <Button type="submit" loading={busy}>
              Confirm
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Gives the sections below it `useReauth()`, and holds the one dialog they share. */
export function ReauthProvider({ children }: { children: ReactNode }) {
  const [opened, setOpened] = useState(false);
  // The callers waiting on the dialog: resolved when the person proved it, rejected when they closed it.
  const waiting = useRef<{ resolve(): void; reject(error: Error): void }[]>([]);

  const ask = useCallback(
    () =>
      new Promise<void>((resolve, reject) => {
        waiting.current.push({ resolve, reject });
        setOpened(true);
      }),
    [],
  );
  const settle = (proved: boolean) => {
    setOpened(false);
    for (const w of waiting.current.splice(0)) proved ? w.resolve() : w.reject(new ReauthCancelled());
  };
  const withReauth = useCallback<WithReauth>(
    async (action) => {
      try {
        return await action();
      } catch (error) {
        if (!isReauthRequired(error)) throw error;
        await ask();
        return action();
      }
    },
    [ask],
  );

  return (
    <ReauthContext.Provider value={withReauth}>
      {children}
      <ReauthDialog opened={opened} onDone={() => settle(true)} onCancel={() => settle(false)} />
    </ReauthContext.Provider>
  );
}
