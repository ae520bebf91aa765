import { Container, Stack } from "@mantine/core";
import { StaffPageHeader } from "../../components/staff-page";
import { BillingLinks } from "./billing-links";
import { BillingSettingsForm } from "./billing-settings-form";
import { CatalogueSection } from "./catalogue-section";
import { TaxCodesSection } from "./tax-codes-section";

/**
 * /billing/settings: what the provider sells (the catalogue), the tax codes, and how invoices are issued.
 * A company's own tax code and billing contact are set on its card under Clients (one home per setting).
 */
export function BillingSettingsPage() {
  return (
    <Container size="lg" py="xl">
      <StaffPageHeader title="Billing settings" description="Catalogue, tax codes and invoicing" action={null} />
      <BillingLinks />
      <Stack gap="lg">
        <CatalogueSection />
        <TaxCodesSection />
        <BillingSettingsForm />
      </Stack>
    </Container>
  );
}
