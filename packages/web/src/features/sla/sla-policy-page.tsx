// /settings/sla (docs/architecture.md §9): the SLA policy. Every staff role reads it; only an
// ADMIN edits it (the server refuses anyone else). Saving moves every open ticket's due times at once.
import { Alert, Container, Group, Stack } from "@mantine/core";
import { ButtonLink } from "../../components/router-links";
import { LoadingStatus, StaffPageHeader } from "../../components/staff-page";
import { readStoredUser } from "../../lib/auth-storage";
import { trpc } from "../../lib/trpc";
import { SlaPlansCard } from "./sla-plans-card";
import { SlaPolicyForm } from "./sla-policy-form";

export function SlaPolicyPage() {
  const policy = trpc.sla.policy.useQuery();
  const canEdit = readStoredUser()?.role === "ADMIN";
  return (
    <Container size="lg" py="xl">
      <StaffPageHeader
        title="SLA policy"
        action={
          // The time and check-in settings sit beside the SLA's: an ADMIN's alone (docs/features.md §10, §12).
          canEdit ? (
            <Group gap="xs">
              <ButtonLink to="/settings/time" variant="default" size="xs">
                Time settings
              </ButtonLink>
              <ButtonLink to="/settings/checkin" variant="default" size="xs">
                Check-in settings
              </ButtonLink>
            </Group>
          ) : null
        }
        description={
          canEdit
            ? "Targets per priority, the business-hours calendar and its holidays. Saving moves the due times of every open ticket."
            : "Targets per priority, the business-hours calendar and its holidays. Only an administrator can change them."
        }
      />
      {policy.isPending ? (
        <LoadingStatus>Loading SLA policy...</LoadingStatus>
      ) : policy.data ? (
        <Stack gap="lg">
          <SlaPolicyForm policy={policy.data} canEdit={canEdit} />
          <SlaPlansCard canEdit={canEdit} />
        </Stack>
      ) : (
        <Alert color="red" role="alert">
          The SLA policy could not be loaded.
        </Alert>
      )}
    </Container>
  );
}
