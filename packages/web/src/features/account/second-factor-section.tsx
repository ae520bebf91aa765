// My account's two-factor sign-in: add an authenticator app (QR code, then a first code), keep the
// recovery codes shown once, make new ones, or turn it off (docs/architecture.md §6a). Adding it needs
// sudo mode (reauth.tsx); the others ask for the password themselves.
import { Alert, Button, Code, Group, Image, List, Stack, Text, TextInput } from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { totpCodeInputSchema } from "@repo/validators";
import { useState } from "react";
import { FormPassword } from "../../components/password-fields";
import { QueryStates } from "../../components/query-states";
import { toastCallFailure, toastSuccess } from "../../lib/toasts";
import { formatExact } from "../../lib/format-date";
import { trpc } from "../../lib/trpc";
import { addedFrom } from "./added-from";
import { isReauthCancelled, useReauth } from "./reauth";

/** The codes, shown once, with a way to keep them. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone(): void }) {
  const text = `${codes.join("\n")}\n`;
  return (
    <Alert color="yellow" title="Save your recovery codes" role="status">
      <Stack gap="sm">
        <Text size="sm">
          Each code signs you in once if you lose your phone. They are shown only now: download or copy them and keep
          them somewhere safe.
        </Text>
        <List aria-label="Recovery codes" spacing={2} ff="monospace">
          {codes.map((code) => (
            <List.Item key={code}>{code}</List.Item>
          ))}
        </List>
        <Group>
          <Button
            component="a"
            size="xs"
            variant="default"
            href={`data:text/plain;charset=utf-8,${encodeURIComponent(text)}`}
            download="recovery-codes.txt"
          >
            Download
          </Button>
          <Button size="xs" variant="default" onClick={() => void navigator.clipboard?.writeText(text)}>
            Copy
          </Button>
          <Button size="xs" onClick={onDone}>
            I have saved them
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

/**
 * Setting up an authenticator app: the new key as the app takes it (a QR code, or typed by hand), then
 * the first code it shows. `error` is the last refusal, shown under the code.
 */
export function AuthenticatorSetup({
  enrolment,
  submitLabel,
  pending,
  error,
  onCode,
}: {
  enrolment: { secret: string; qrSvg: string };
  submitLabel: string;
  pending: boolean;
  error?: string | null;
  onCode(code: string): void;
}) {
  const form = useForm({
    mode: "uncontrolled",
    initialValues: { code: "" },
    validate: schemaResolver(totpCodeInputSchema, { sync: true }),
  });
  return (
    <form onSubmit={form.onSubmit(({ code }) => onCode(code))} noValidate>
      <Stack gap="sm">
        <Text size="sm">1. Scan this code with your authenticator app.</Text>
        <Image
          src={`data:image/svg+xml;utf8,${encodeURIComponent(enrolment.qrSvg)}`}
          alt="QR code to add this account to an authenticator app"
          w={180}
          h={180}
        />
        <Text size="sm">
          Or type this key: <Code>{enrolment.secret}</Code>
        </Text>
        <Text size="sm">2. Enter the 6-digit code the app shows.</Text>
        <Group align="flex-end">
          <TextInput
            label="Code from the app"
            autoComplete="one-time-code"
            inputMode="numeric"
            key={form.key("code")}
            {...form.getInputProps("code")}
          />
          <Button type="submit" loading={pending}>
            {submitLabel}
          </Button>
        </Group>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
      </Stack>
    </form>
  );
}

function Enrolment({ onEnabled }: { onEnabled(codes: string[]): void }) {
  const start = trpc.account.startTotp.useMutation();
  const confirm = trpc.account.confirmTotp.useMutation();
  const withReauth = useReauth();

  if (!start.data) {
    return (
      <Stack gap="sm" align="flex-start">
        <Text size="sm">
          Two-factor sign-in is off. With an authenticator app (Microsoft Authenticator, Google Authenticator, 1Password
          and others), a stolen password alone cannot open your account.
        </Text>
        <Button
          loading={start.isPending}
          onClick={() =>
            void withReauth(() => start.mutateAsync({})).catch(
              (e: unknown) => isReauthCancelled(e) || toastCallFailure(e, "Setting up failed"),
            )
          }
        >
          Set up authenticator app
        </Button>
      </Stack>
    );
  }
  async function turnOn(code: string) {
    try {
      const { recoveryCodes } = await withReauth(() => confirm.mutateAsync({ code }));
      toastSuccess("Two-factor sign-in is on", "Sign-ins now ask for a code from your app.");
      onEnabled(recoveryCodes);
    } catch (error) {
      if (!isReauthCancelled(error)) toastCallFailure(error, "The code could not be checked");
    }
  }
  return (
    <AuthenticatorSetup enrolment={start.data} submitLabel="Turn on" pending={confirm.isPending} onCode={turnOn} />
  );
}

/** A change that needs the password again: new recovery codes, or turning the factor off. */
function PasswordConfirmed({
  label,
  color,
  run,
}: {
  label: string;
  color?: string;
  run(password: string): Promise<void>;
}) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const form = useForm({ mode: "uncontrolled", initialValues: { password: "" } });
  if (!open) {
    return (
      <Button variant="default" color={color} onClick={() => setOpen(true)}>
        {label}
      </Button>
    );
  }
  return (
    <form
      onSubmit={form.onSubmit(async ({ password }) => {
        setBusy(true);
        await run(password).finally(() => setBusy(false));
      })}
    >
      <Group align="flex-end">
        <FormPassword form={form} name="password" label="Your password" autoComplete="current-password" />
        <Button type="submit" color={color} loading={busy}>
          {label}
        </Button>
        <Button variant="subtle" onClick={() => setOpen(false)}>
          Cancel
        </Button>
      </Group>
    </form>
  );
}

export function SecondFactorSection() {
  const state = trpc.account.secondFactor.useQuery();
  const utils = trpc.useUtils();
  const disable = trpc.account.disableSecondFactor.useMutation();
  const renew = trpc.account.newRecoveryCodes.useMutation();
  const [codes, setCodes] = useState<string[] | null>(null);
  const refresh = () => utils.account.secondFactor.invalidate();

  if (codes) {
    return (
      <RecoveryCodes
        codes={codes}
        onDone={() => {
          setCodes(null);
          void refresh();
        }}
      />
    );
  }
  return (
    <QueryStates
      query={state}
      texts={{ loading: "Loading two-factor sign-in", error: "Two-factor sign-in could not be loaded.", empty: "" }}
      isEmpty={() => false}
    >
      {(data) =>
        data.totp ? (
          <Stack gap="sm" align="flex-start">
            <Text size="sm">
              Two-factor sign-in is on: sign-ins ask for a code from your authenticator app. Recovery codes left:{" "}
              {data.recoveryCodesLeft}.
            </Text>
            <Text size="sm" c="dimmed">
              Authenticator app added {data.addedAt ? formatExact(data.addedAt) : "unknown"}, from {addedFrom(data)}.
            </Text>
            <PasswordConfirmed
              label="New recovery codes"
              run={async (password) => {
                try {
                  setCodes((await renew.mutateAsync({ password })).recoveryCodes);
                } catch (error) {
                  toastCallFailure(error, "New recovery codes could not be made");
                }
              }}
            />
            <PasswordConfirmed
              label="Turn off two-factor sign-in"
              color="red"
              run={async (password) => {
                try {
                  await disable.mutateAsync({ password });
                  toastSuccess("Two-factor sign-in is off", "Sign-ins ask for your password only.");
                  await refresh();
                } catch (error) {
                  toastCallFailure(error, "Two-factor sign-in could not be turned off");
                }
              }}
            />
          </Stack>
        ) : (
          <Enrolment onEnabled={setCodes} />
        )
      }
    </QueryStates>
  );
}
