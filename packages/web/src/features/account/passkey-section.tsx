// My account's passkeys: register one on this device (or a phone, a security key), name it, remove it,
// each listed with when and from where it was added. A passkey signs in on its own, without password or
// code. Adding and removing one need sudo mode (reauth.tsx).
import { Button, Group, Stack, Table, Text, TextInput } from "@mantine/core";
import { useInputState } from "@mantine/hooks";
import { PASSKEY_NAME_MAX } from "@repo/validators/labels";
import { ListTable } from "../../components/list-table";
import { QueryStates, type QueryTexts } from "../../components/query-states";
import { formatExact } from "../../lib/format-date";
import { toastCallFailure, toastSuccess } from "../../lib/toasts";
import { trpc } from "../../lib/trpc";
import { browserRegistration, usePasskeyCeremony } from "./passkey-ceremony";
import { isReauthCancelled, useReauth } from "./reauth";
import { addedFrom } from "./added-from";

const PASSKEY_TEXTS: QueryTexts = {
  loading: "Loading passkeys",
  error: "Your passkeys could not be loaded.",
  empty: "No passkeys yet.",
};

export function PasskeySection() {
  const list = trpc.account.passkeys.useQuery();
  const options = trpc.account.passkeyOptions.useMutation();
  const add = trpc.account.addPasskey.useMutation({ onSettled: () => list.refetch() });
  const remove = trpc.account.removePasskey.useMutation({ onSettled: () => list.refetch() });
  // Takes the input's change event, or a value ("" once the passkey is added).
  const [name, setName] = useInputState("");
  const adding = usePasskeyCeremony();
  const withReauth = useReauth();

  const register = () =>
    adding.run(
      async () => {
        const response = await browserRegistration(withReauth(() => options.mutateAsync({})));
        await withReauth(() => add.mutateAsync({ response: response as never, name: name.trim() || "Passkey" }));
        setName("");
        toastSuccess("Passkey added", "You can now sign in with it instead of your password.");
      },
      (error) => isReauthCancelled(error) || toastCallFailure(error, "The passkey could not be added"),
    );
  const removeOne = (id: string) =>
    withReauth(() => remove.mutateAsync({ id })).catch(
      (error: unknown) => isReauthCancelled(error) || toastCallFailure(error, "The passkey could not be removed"),
    );

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        A passkey signs you in with your device's fingerprint, face or PIN, instead of your password and code.
      </Text>
      <QueryStates query={list} texts={PASSKEY_TEXTS} isEmpty={(data) => data.passkeys.length === 0}>
        {(data) => (
          <ListTable label="Passkeys" columns={["Name", "Added", "From", "Last used"]} actions spacing="xs">
            {data.passkeys.map((p) => (
              <Table.Tr key={p.id}>
                <Table.Td>{p.name}</Table.Td>
                <Table.Td>{formatExact(p.createdAt)}</Table.Td>
                <Table.Td>{addedFrom(p)}</Table.Td>
                <Table.Td>{formatExact(p.lastUsedAt)}</Table.Td>
                <Table.Td>
                  <Button
                    size="xs"
                    variant="default"
                    aria-label={`Remove passkey ${p.name}`}
                    loading={remove.isPending && remove.variables?.id === p.id}
                    onClick={() => void removeOne(p.id)}
                  >
                    Remove
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </ListTable>
        )}
      </QueryStates>
      <Group align="flex-end">
        <TextInput
          label="Passkey name"
          placeholder="Work laptop"
          value={name}
          onChange={setName}
          maxLength={PASSKEY_NAME_MAX}
        />
        <Button onClick={register} loading={adding.running}>
          Add a passkey
        </Button>
      </Group>
    </Stack>
  );
}
