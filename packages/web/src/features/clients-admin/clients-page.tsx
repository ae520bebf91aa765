import { Anchor, Card, Group, Stack, Text, Title } from "@mantine/core";
import { ItemActionButton } from "../../components/item-action-button";
import { EditableCardsPage } from "../../components/staff-page";
import { trpc } from "../../lib/trpc";
import type { Company } from "./api-types";
import { ClientProfileModal } from "./client-profile-modal";
import { CompanyBillingModal } from "./company-billing-modal";
import { EnrolmentTokensModal } from "./enrolment-tokens-modal";
import { plural } from "@repo/validators";
import { useState } from "react";

/** /clients (ADMIN): the client companies and their profiles, as the client portal shows them. */
export function ClientsPage() {
  const clients = trpc.clients.list.useQuery();
  const users = trpc.users.list.useQuery({});
  const [billing, setBilling] = useState<Company | null>(null);
  const [enrolling, setEnrolling] = useState<Company | null>(null);

  const portalUsers = new Map<string, number>();
  for (const user of users.data?.users ?? []) {
    if (user.clientId && user.active) portalUsers.set(user.clientId, (portalUsers.get(user.clientId) ?? 0) + 1);
  }

  return (
    <EditableCardsPage
      title="Clients"
      description="The companies we support. Their users see this profile in the client portal."
      addLabel="Add Client"
      query={clients}
      items={clients.data?.clients}
      noun="clients"
      card={(company, edit) => (
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
          <Group justify="flex-end" mt="md" gap="xs">
            <ItemActionButton action="Check-in tokens" item={company.name} onClick={() => setEnrolling(company)} />
            <ItemActionButton action="Billing" item={company.name} onClick={() => setBilling(company)} />
            <ItemActionButton action="Edit" item={company.name} onClick={edit} />
          </Group>
        </Card>
      )}
      modal={ClientProfileModal}
    >
      {billing && <CompanyBillingModal company={billing} onClose={() => setBilling(null)} />}
      {enrolling && <EnrolmentTokensModal company={enrolling} onClose={() => setEnrolling(null)} />}
    </EditableCardsPage>
  );
}
