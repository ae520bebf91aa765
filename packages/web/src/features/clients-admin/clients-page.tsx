import { Anchor, Button, Card, Container, Group, Stack, Text, Title } from "@mantine/core";
import { useState } from "react";
import { ItemActionButton } from "../../components/item-action-button";
import { CardGrid, StaffPageHeader } from "../../components/staff-page";
import { trpc } from "../../lib/trpc";
import type { Company } from "./api-types";
import { ClientProfileModal } from "./client-profile-modal";
import { plural } from "@repo/validators";

/** /clients (ADMIN): the client companies and their profiles, as the client portal shows them. */
export function ClientsPage() {
  const clients = trpc.clients.list.useQuery({});
  const users = trpc.users.list.useQuery({});
  // undefined: closed; null: adding; a company: editing it.
  const [editing, setEditing] = useState<Company | null | undefined>(undefined);

  const portalUsers = new Map<string, number>();
  for (const user of users.data?.users ?? []) {
    if (user.clientId && user.active) portalUsers.set(user.clientId, (portalUsers.get(user.clientId) ?? 0) + 1);
  }

  return (
    <Container size="xl" py="xl">
      <StaffPageHeader
        title="Clients"
        description="The companies we support. Their users see this profile in the client portal."
        action={<Button onClick={() => setEditing(null)}>Add Client</Button>}
      />

      <CardGrid query={clients} items={clients.data?.clients} noun="clients">
        {(company) => (
          <Card key={company.id} withBorder padding="lg" component="article" aria-label={company.name}>
            <Stack gap={6} style={{ flex: 1 }}>
              <Title order={2} size="h4">
                {company.name}
              </Title>
              <Text size="sm">
                {company.contactEmail ? (
                  <Anchor href={`mailto:${company.contactEmail}`}>{company.contactEmail}</Anchor>
                ) : (
                  <Text span c="dimmed">
                    Not provided
                  </Text>
                )}
              </Text>
              {company.contactPhone && <Text size="sm">{company.contactPhone}</Text>}
              {company.address && <Text size="sm">{company.address}</Text>}
              {company.description && (
                <Text size="sm" c="dimmed" lineClamp={3}>
                  {company.description}
                </Text>
              )}
              <Text size="xs" c="dimmed" mt="auto">
                {users.data ? plural(portalUsers.get(company.id) ?? 0, "portal user") : " "}
              </Text>
            </Stack>
            <Group justify="flex-end" mt="md">
              <ItemActionButton action="Edit" item={company.name} onClick={() => setEditing(company)} />
            </Group>
          </Card>
        )}
      </CardGrid>

      <ClientProfileModal
        opened={editing !== undefined}
        company={editing ?? null}
        onClose={() => setEditing(undefined)}
      />
    </Container>
  );
}
