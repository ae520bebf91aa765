import { Badge, Button, Group, Modal, Stack, Table, Text, Title, VisuallyHidden } from "@mantine/core";
import { addedPagePath, PACKAGE_SLUGS, type SiteContent } from "@repo/content";
import { formatCents } from "@repo/validators";
import { useState } from "react";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { QueryStates } from "../../components/query-states";
import { ScrollBox } from "../../components/scroll-box";
import { formatDateTime } from "../../lib/format-date";
import { toastOutcome } from "../../lib/staff-toasts";
import { trpc } from "../../lib/trpc";
import type { SiteDraft, SiteRevision as Revision } from "./api-types";

/**
 * The published revisions, newest first: when and by whom, which is the site's now. "View" shows one's
 * identity and prices; "Restore into draft" (ADMIN, AGENT) makes it the draft, to be published again.
 */
export function HistorySection({ editable, onRestored }: { editable: boolean; onRestored(draft: SiteDraft): void }) {
  const revisions = trpc.siteContent.revisions.useQuery();
  const [viewing, setViewing] = useState<Revision | null>(null);
  const [restoring, setRestoring] = useState<Revision | null>(null);
  const restore = trpc.siteContent.restore.useMutation(
    toastOutcome(
      () => ["Restored into the draft", "Review it, then publish it to put it back on the site."],
      "Failed to restore the revision",
      (draft) => {
        setRestoring(null);
        onRestored(draft);
      },
    ),
  );
  return (
    <>
      <QueryStates
        query={revisions}
        texts={{
          loading: "Loading revisions",
          error: "Failed to fetch revisions",
          empty: "Nothing published yet: the site shows the built-in texts.",
        }}
        isEmpty={(list) => list.length === 0}
      >
        {(list) => (
          <ScrollBox label="Revisions, scrollable" minWidth={520}>
            <Table aria-label="Published revisions">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Published</Table.Th>
                  <Table.Th>By</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.map((revision) => (
                  <Table.Tr key={revision.id}>
                    <Table.Td>
                      <Group gap="xs">
                        {formatDateTime(revision.publishedAt)}
                        {revision.current && (
                          <Badge variant="light" color="green">
                            On the site
                          </Badge>
                        )}
                      </Group>
                    </Table.Td>
                    <Table.Td>{revision.publishedByName ?? "—"}</Table.Td>
                    <Table.Td>
                      <Group gap="xs" justify="flex-end" wrap="nowrap">
                        <Button variant="default" size="compact-sm" onClick={() => setViewing(revision)}>
                          View
                        </Button>
                        {editable && (
                          <Button variant="light" size="compact-sm" onClick={() => setRestoring(revision)}>
                            Restore into draft
                          </Button>
                        )}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollBox>
        )}
      </QueryStates>
      <Modal
        opened={viewing !== null}
        onClose={() => setViewing(null)}
        title={viewing ? `Published ${formatDateTime(viewing.publishedAt)}` : ""}
        size="lg"
      >
        {viewing && <RevisionView id={viewing.id} />}
      </Modal>
      <ConfirmDialog
        item={restoring}
        onClose={() => setRestoring(null)}
        texts={{ title: "Restore into the draft?", label: "Restore", pendingLabel: "Restoring..." }}
        mutation={restore}
        input={(revision) => ({ id: revision.id })}
      >
        The draft becomes this revision, replacing the draft and any unsaved changes. The site keeps showing the
        published content until an admin publishes.
      </ConfirmDialog>
    </>
  );
}

function RevisionView({ id }: { id: string }) {
  const revision = trpc.siteContent.revision.useQuery({ id });
  return (
    <QueryStates
      query={revision}
      texts={{ loading: "Loading the revision", error: "Failed to fetch the revision", empty: "" }}
      isEmpty={() => false}
    >
      {(content) => <RevisionSummary content={content} />}
    </QueryStates>
  );
}

function RevisionSummary({ content }: { content: SiteContent }) {
  const { identity } = content;
  const rows: [string, string][] = [
    ["Name", identity.name],
    ["Legal name", identity.legalName || "—"],
    ["Tagline", identity.tagline],
    ["Brand colour", identity.brandColour],
    ["Location", identity.location],
    ["Phone", identity.phone],
    ["Enquiries", identity.email],
    ["Support", identity.supportEmail],
    ["Tax number", identity.taxNumber || "—"],
  ];
  return (
    <Stack gap="md">
      <Title order={3} size="h5">
        Identity
      </Title>
      <Table aria-label="Identity in this revision">
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th scope="row">{label}</Table.Th>
              <Table.Td style={{ overflowWrap: "anywhere" }}>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Title order={3} size="h5">
        Prices
      </Title>
      <Table aria-label="Prices in this revision">
        <Table.Tbody>
          {[
            ...PACKAGE_SLUGS.map((slug) => ({ key: slug, ...content.packages[slug] })),
            // The offers of the pages the provider added, after the spec's four, as /pricing lists them.
            ...content.addedPages.flatMap((page) =>
              page.offer
                ? [{ key: page.slug, ...page.offer, name: `${page.offer.name} (${addedPagePath(page.slug)})` }]
                : [],
            ),
          ].map((offer) => (
            <Table.Tr key={offer.key}>
              <Table.Th scope="row">{offer.name}</Table.Th>
              <Table.Td>
                {offer.priceCents === null ? (
                  <Text span size="sm" c="dimmed">
                    Quoted when you book
                  </Text>
                ) : (
                  formatCents(offer.priceCents)
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
