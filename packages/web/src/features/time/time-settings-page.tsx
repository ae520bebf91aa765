// /settings/time (docs/features.md §10): the time settings and the work types, an ADMIN's alone (the
// staff-screen table keeps other roles out; the server refuses their writes anyway).
import { Alert, Container, Stack } from "@mantine/core";
import { LoadingStatus, StaffPageHeader } from "../../components/staff-page";
import { trpc } from "../../lib/trpc";
import { TimeSettingsForm } from "./time-settings-form";
import { WorkTypesCard } from "./work-types-card";

export function TimeSettingsPage() {
  const settings = trpc.time.settings.useQuery();
  return (
    <Container size="lg" py="xl">
      <StaffPageHeader
        title="Time settings"
        action={null}
        description="How drafts round time, whether agents see rates, the expected working day, and the kinds of work time is recorded as."
      />
      {settings.isPending ? (
        <LoadingStatus>Loading time settings...</LoadingStatus>
      ) : settings.data ? (
        <Stack gap="lg">
          <TimeSettingsForm settings={settings.data} />
          <WorkTypesCard />
        </Stack>
      ) : (
        <Alert color="red" role="alert">
          The time settings could not be loaded.
        </Alert>
      )}
    </Container>
  );
}
