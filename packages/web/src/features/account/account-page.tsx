import type { ReactNode } from "react";
// My account, in both portals (docs/architecture.md §6a): the person's name, password and sessions.
import { Badge, Button, Container, Group, Stack, Table, Text, TextInput, Title } from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { accountUpdateInputSchema, changePasswordFormInputSchema, plural } from "@repo/validators";
import { FormPassword, NewPasswordPair } from "../../components/password-fields";
import { ListTable } from "../../components/list-table";
import { QueryStates, type QueryTexts } from "../../components/query-states";
import { AnchorLink } from "../../components/router-links";
import { SectionCard } from "../../components/section-card";
import { readStoredUser, updateStoredUserName } from "../../lib/auth-storage";
import { formatExact } from "../../lib/format-date";
import { toastCallFailure, toastSuccess } from "../../lib/toasts";
import { trpc } from "../../lib/trpc";
import { PasskeySection } from "./passkey-section";
import { ReauthProvider } from "./reauth";
import { SecondFactorSection } from "./second-factor-section";
import { describeUserAgent } from "@repo/content";

function ProfileForm() {
  const stored = readStoredUser();
  const update = trpc.account.update.useMutation();
  const form = useForm({
    mode: "uncontrolled",
    initialValues: { name: stored?.name ?? "" },
    validate: schemaResolver(accountUpdateInputSchema, { sync: true }),
  });
  async function save(values: { name: string }) {
    try {
      const user = await update.mutateAsync(values);
      updateStoredUserName(user.name);
      toastSuccess("Name saved", `You are now ${user.name}.`);
    } catch (error) {
      toastCallFailure(error, "The name could not be saved");
    }
  }
  return (
    <form onSubmit={form.onSubmit(save)} noValidate>
      <Stack gap="sm" maw={420}>
        <TextInput label="Name" autoComplete="name" key={form.key("name")} {...form.getInputProps("name")} />
        <TextInput
          label="Email"
          value={stored?.email ?? ""}
          readOnly
          description="Ask an administrator to change it."
        />
        <Group>
          <Button type="submit" loading={update.isPending}>
            Save name
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function PasswordForm({ onChanged }: { onChanged(): void }) {
  const change = trpc.account.changePassword.useMutation();
  const form = useForm({
    mode: "uncontrolled",
    initialValues: { currentPassword: "", newPassword: "", confirm: "" },
    validate: schemaResolver(changePasswordFormInputSchema, { sync: true }),
  });
  async function save({
    confirm: _confirm,
    ...values
  }: {
    currentPassword: string;
    newPassword: string;
    confirm: string;
  }) {
    try {
      const { endedSessions } = await change.mutateAsync(values);
      form.reset();
      const others = endedSessions === 1 ? "1 other session was" : `${endedSessions} other sessions were`;
      toastSuccess(
        "Password changed",
        endedSessions > 0 ? `${others} signed out.` : "Use it the next time you sign in.",
      );
      onChanged();
    } catch (error) {
      toastCallFailure(error, "The password could not be changed");
    }
  }
  return (
    <form onSubmit={form.onSubmit(save)} noValidate>
      <Stack gap="sm" maw={420}>
        <FormPassword form={form} name="currentPassword" label="Current password" autoComplete="current-password" />
        <NewPasswordPair form={form} name="newPassword" />
        <Group>
          <Button type="submit" loading={change.isPending}>
            Change password
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

const SESSION_TEXTS: QueryTexts = {
  loading: "Loading sessions",
  error: "Your sessions could not be loaded.",
  empty: "No sessions.",
};

function SessionList() {
  const sessions = trpc.account.sessions.useQuery();
  const endOne = trpc.account.endSession.useMutation({ onSettled: () => sessions.refetch() });
  const endOthers = trpc.account.endOtherSessions.useMutation({ onSettled: () => sessions.refetch() });
  const others = sessions.data?.sessions.filter((s) => !s.current).length ?? 0;

  async function signOutOthers() {
    try {
      const { ended } = await endOthers.mutateAsync({});
      toastSuccess("Signed out everywhere else", `${plural(ended, "session")} ended.`);
    } catch (error) {
      toastCallFailure(error, "The other sessions could not be signed out");
    }
  }

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        Where your account is signed in. Sign out any session you do not recognise, then change your password.
      </Text>
      <QueryStates query={sessions} texts={SESSION_TEXTS} isEmpty={(data) => data.sessions.length === 0}>
        {(data) => (
          <ListTable label="Sessions" columns={["Browser", "Address", "Last used", "Signed in"]} actions minWidth={560}>
            {data.sessions.map((s) => {
              const browser = describeUserAgent(s.userAgent);
              return (
                <Table.Tr key={s.id}>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Text size="sm">{browser}</Text>
                      {s.current && (
                        <Badge size="sm" variant="light" color="green">
                          This browser
                        </Badge>
                      )}
                    </Group>
                  </Table.Td>
                  <Table.Td>{s.ipAddress ?? "—"}</Table.Td>
                  <Table.Td>{formatExact(s.lastUsedAt)}</Table.Td>
                  <Table.Td>{formatExact(s.createdAt)}</Table.Td>
                  <Table.Td>
                    {!s.current && (
                      <Button
                        size="xs"
                        variant="default"
                        aria-label={`Sign out ${browser}, last used ${formatExact(s.lastUsedAt)}`}
                        loading={endOne.isPending && endOne.variables?.id === s.id}
                        onClick={() =>
                          endOne.mutate(
                            { id: s.id },
                            { onError: (e) => toastCallFailure(e, "The session could not be signed out") },
                          )
                        }
                      >
                        Sign out
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </ListTable>
        )}
      </QueryStates>
      <Group>
        <Button
          variant="light"
          color="red"
          disabled={others === 0}
          loading={endOthers.isPending}
          onClick={signOutOthers}
        >
          Sign out everywhere else
        </Button>
      </Group>
    </Stack>
  );
}

/** `backTo`: the client portal has no menu, so the page leads back to the dashboard itself. */
export function AccountPage({ backTo, extra }: { backTo?: "/client-dashboard"; extra?: ReactNode }) {
  const utils = trpc.useUtils();
  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        {backTo && (
          <AnchorLink to={backTo} size="sm">
            ← Back to the dashboard
          </AnchorLink>
        )}
        <Title order={1}>My account</Title>
        {extra}
        <SectionCard titleId="account-profile" title="Profile">
          <ProfileForm />
        </SectionCard>
        <SectionCard titleId="account-password" title="Password">
          <PasswordForm onChanged={() => void utils.account.sessions.invalidate()} />
        </SectionCard>
        <ReauthProvider>
          <SectionCard titleId="account-second-factor" title="Two-factor sign-in">
            <SecondFactorSection />
          </SectionCard>
          <SectionCard titleId="account-passkeys" title="Passkeys">
            <PasskeySection />
          </SectionCard>
        </ReauthProvider>
        <SectionCard titleId="account-sessions" title="Sessions">
          <SessionList />
        </SectionCard>
      </Stack>
    </Container>
  );
}
