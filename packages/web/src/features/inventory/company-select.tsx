import { Select } from "@mantine/core";
import type { ReactNode } from "react";
import type { Company } from "./use-companies";

/** The props of the dialogs that bring devices in (add, import). */
export interface DeviceIntakeDialogProps {
  opened: boolean;
  onClose(): void;
  /** Staff choose the company; a client always adds to its own (the server decides, not this list). */
  companies?: Company[];
}

interface CompanySelectProps {
  companies: Company[];
  value: string | null;
  onChange(clientId: string | null): void;
  error?: ReactNode;
}

/** Which client's inventory the devices go into, when staff add or import them. */
export function CompanySelect({ companies, value, onChange, error }: CompanySelectProps) {
  return (
    <Select
      label="Company"
      placeholder="Choose the company"
      withAsterisk
      data={companies.map((company) => ({ value: company.id, label: company.name }))}
      value={value}
      onChange={onChange}
      error={error}
      searchable
    />
  );
}
