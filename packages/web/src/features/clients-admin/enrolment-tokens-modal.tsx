import {
  Alert,
  Button,
  Code,
  CopyButton,
  Group,
  Modal,
  Stack,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from "@mantine/core";
import type { EnrolmentToken } from "@repo/validators";
import { type FormEvent, useState } from "react";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { QueryStates } from "../../components/query-states";
import { formatExact } from "../../lib/format-date";
import { toastCallFailure, toastSuccess } from "../../lib/toasts";
import { trpc } from "../../lib/trpc";
import type { Company } from "./api-types";
import { CHECKIN_PLATFORMS, downloadCheckinScript } from "./download-checkin-script";

/**
 * A company's enrolment tokens for the check-in scripts (docs/features.md §12): the list, a new token whose
 * secret shows once (with the scripts to download while it does), and Revoke. The secret lives only in this
 * modal's state: the server keeps its hash, so once the modal closes it is gone for good.
 */
export function EnrolmentTokensModal({ company, onClose }: { company: Company; onClose(): void }) {
  const utils = trpc.useUtils();
  const tokens = trpc.devices.enrolmentTokens.useQuery({ clientId: company.id });
  const [label, setLabel] = useState("");
  const [labelError, setLabelError] = useState<string | null>(null);
  const [created, setCreated] = useState<{ secret: string; label: string } | null>(null);
  const [revoking, setRevoking] = useState<EnrolmentToken | null>(null);
  const create = trpc.devices.createEnrolmentToken.useMutation({
    onSuccess: async (token) => {
      setCreated({ secret: token.secret, label: token.label });
      setLabel("");
      await utils.devices.enrolmentTokens.invalidate();
    },
    onError: (error) => toastCallFailure(error, "The token could not be created."),
  });
  const revoke = trpc.devices.revokeEnrolmentToken.useMutation({
    onSuccess: async (token) => {
      toastSuccess("Token revoked", `Scripts using "${token.label}" can no longer check in.`);
      setRevoking(null);
      await utils.devices.enrolmentTokens.invalidate();
    },
    onError: (error) => toastCallFailure(error, "The token could not be revoked."),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!label.trim()) return setLabelError("Label is required");
    setLabelError(null);
    create.mutate({ clientId: company.id, label: label.trim() });
  };

  return (
    <>
      <Modal opened onClose={onClose} title={`Check-in tokens: ${company.name}`} size="xl">
        <Stack gap="lg">
          <Text size="sm">
            A token lets the check-in script report this company's devices. A new token's secret is shown once: copy it
            or download the scripts now. After you close this window it is gone.
          </Text>
          {created && <NewTokenSecret clientId={company.id} {...created} />}
          <form onSubmit={submit} noValidate>
            <Group align="end" gap="sm">
              <TextInput
                label="Label"
                description="Where the token is used, e.g. Front office laptops"
                value={label}
                onChange={(event) => setLabel(event.currentTarget.value)}
                error={labelError}
                maxLength={100}
                required
                style={{ flex: 1 }}
              />
              <Button type="submit" loading={create.isPending}>
                New token
              </Button>
            </Group>
          </form>
          <QueryStates
            query={tokens}
            texts={{
              loading: "Loading tokens",
              error: "The tokens could not be loaded.",
              empty: "No tokens yet.",
            }}
            isEmpty={(rows) => rows.length === 0}
          >
            {(rows) => <TokenTable tokens={rows} onRevoke={setRevoking} />}
          </QueryStates>
        </Stack>
      </Modal>
      <ConfirmDialog
        item={revoking}
        onClose={() => setRevoking(null)}
        texts={{ title: "Revoke token", label: "Revoke", pendingLabel: "Revoking..." }}
        mutation={revoke}
        input={(token) => ({ id: token.id })}
      >
        {revoking &&
          `Scripts using "${revoking.label}" will be refused from their next check-in. This cannot be undone.`}
      </ConfirmDialog>
    </>
  );
}

function TokenTable({ tokens, onRevoke }: { tokens: EnrolmentToken[]; onRevoke(token: EnrolmentToken): void }) {
  return (
    <Table.ScrollContainer minWidth={520} type="native">
      <Table striped verticalSpacing="xs" data-testid="enrolment-tokens">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Label</Table.Th>
            <Table.Th>Created</Table.Th>
            <Table.Th>Last used</Table.Th>
            <Table.Th>Revoked</Table.Th>
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {tokens.map((token) => (
            <Table.Tr key={token.id}>
              <Table.Td>{token.label}</Table.Td>
              <Table.Td>{formatExact(token.createdAt)}</Table.Td>
              <Table.Td>{token.lastUsedAt ? formatExact(token.lastUsedAt) : "Never"}</Table.Td>
              <Table.Td>{token.revokedAt ? formatExact(token.revokedAt) : "No"}</Table.Td>
              <Table.Td>
                {!token.revokedAt && (
                  <Button
                    size="xs"
                    variant="light"
                    color="red"
                    onClick={() => onRevoke(token)}
                    aria-label={`Revoke ${token.label}`}
                  >
                    Revoke
                  </Button>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The secret of the token just created, its copy button and the three scripts with it filled in. */
function NewTokenSecret({ clientId, secret, label }: { clientId: string; secret: string; label: string }) {
  const [downloading, setDownloading] = useState<string | null>(null);
  return (
    <Alert color="yellow" title={`New token "${label}": copy it now`} data-testid="new-token">
      <Stack gap="sm">
        <Text size="sm">This secret is shown only once. After you close this window it cannot be shown again.</Text>
        <Group gap="xs" wrap="nowrap">
          <Code block style={{ flex: 1, overflowWrap: "anywhere" }} data-testid="token-secret">
            {secret}
          </Code>
          <CopyButton value={secret}>
            {({ copied, copy }) => (
              <Button size="xs" variant="default" onClick={copy}>
                {copied ? "Copied" : "Copy token"}
              </Button>
            )}
          </CopyButton>
        </Group>
        <Group gap="xs" wrap="wrap">
          {CHECKIN_PLATFORMS.map((target) => (
            <Button
              key={target.platform}
              size="xs"
              variant="light"
              loading={downloading === target.platform}
              onClick={async () => {
                setDownloading(target.platform);
                try {
                  await downloadCheckinScript(clientId, secret, target);
                } catch (error) {
                  toastCallFailure(error, `The ${target.label} script could not be downloaded.`);
                } finally {
                  setDownloading(null);
                }
              }}
            >
              Download for {target.label}
            </Button>
          ))}
        </Group>
      </Stack>
    </Alert>
  );
}
