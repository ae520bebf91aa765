import { Alert, Center, Loader, Paper, Stack, Text, Title } from "@mantine/core";
import { AnchorLink } from "../../components/router-links";

export interface CompanyProfile {
  name: string;
  contactEmail?: string | null;
  contactPhone?: string | null;
  address?: string | null;
  description?: string | null;
}

interface CompanyProfileTabProps {
  profile: CompanyProfile | undefined;
  failed: boolean;
}

/** Read-only (docs/product-spec.md §2): name and contact email always, the other fields only when present. */
export function CompanyProfileTab({ profile, failed }: CompanyProfileTabProps) {
  if (failed) return <Alert color="red">The company profile could not be loaded.</Alert>;
  if (!profile) {
    return (
      <Center py="xl">
        <Loader role="status" aria-label="Loading company profile" />
      </Center>
    );
  }
  return (
    <Paper withBorder p="lg" radius="md">
      <Title order={2} size="h3" mb="md">
        Company Profile
      </Title>
      <Stack gap="md" component="dl" m={0}>
        <ProfileField label="Company Name" value={profile.name} />
        <ProfileField label="Contact Email" value={profile.contactEmail || "Not provided"} />
        {profile.contactPhone && <ProfileField label="Contact Phone" value={profile.contactPhone} />}
        {profile.address && <ProfileField label="Address" value={profile.address} />}
        {profile.description && <ProfileField label="Description" value={profile.description} />}
      </Stack>
      {/* Billing is no dashboard tab (the spec fixes four): the company's invoices and hours start here. */}
      <AnchorLink to="/client/billing" mt="md" display="inline-block">
        Billing: invoices and prepaid hours
      </AnchorLink>
    </Paper>
  );
}

function ProfileField({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text component="dt" size="sm" c="dimmed" fw={500}>
        {label}
      </Text>
      <Text component="dd" m={0} style={{ whiteSpace: "pre-line" }}>
        {value}
      </Text>
    </div>
  );
}
