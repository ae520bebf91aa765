// /settings/checkin (docs/features.md §12): the thresholds that judge a device's check-in and whether
// problems open tickets, an ADMIN's alone (the staff-screen table keeps other roles out; the server too).
import { Alert, Container } from "@mantine/core";
import { LoadingStatus, StaffPageHeader } from "../../components/staff-page";
import { trpc } from "../../lib/trpc";
import { CheckinSettingsForm } from "./checkin-settings-form";

export function CheckinSettingsPage() {
  const settings = trpc.settings.checkin.useQuery();
  return (
    <Container size="lg" py="xl">
      <StaffPageHeader
        title="Check-in settings"
        action={null}
        description="When a device that stopped checking in is stale, how old antivirus signatures and updates may be, and whether problems open tickets."
      />
      {settings.isPending ? (
        <LoadingStatus>Loading check-in settings...</LoadingStatus>
      ) : settings.data ? (
        <CheckinSettingsForm settings={settings.data} />
      ) : (
        <Alert color="red" role="alert">
          The check-in settings could not be loaded.
        </Alert>
      )}
    </Container>
  );
}
