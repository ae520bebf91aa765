import { Select } from "@mantine/core";
import type { ReactNode } from "react";
import type { Company } from "./use-companies";

interface CompanySelectProps {
  companies: Company[];
  value: string | null;
  onChange(clientId: string | null): void;
  error?: ReactNode;
  disabled?: boolean;
}

/** Which client's inventory the devices go into, when staff add or import them. */
export function CompanySelect({ companies, value, onChange, error, disabled }: CompanySelectProps) {
  return (
    <Select
      label="Company"
      placeholder="Choose the company"
      withAsterisk
      data={companies.map((company) => ({ value: company.id, label: company.name }))}
      value={value}
      onChange={onChange}
      error={error}
      disabled={disabled}
      searchable
    />
  );
}
