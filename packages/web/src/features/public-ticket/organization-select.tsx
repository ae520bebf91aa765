import { NativeSelect, type NativeSelectProps } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { notifications } from "@mantine/notifications";
import { useEffect } from "react";
import { failureMessage } from "../site/public-api";
import { fetchOrganizations } from "./public-ticket-api";

/** The Organization select, filled from the client list; "Failed to fetch clients" when the list fails. */
export function OrganizationSelect(props: Omit<NativeSelectProps, "data">) {
  const organizations = useQuery({ queryKey: ["public-ticket", "organizations"], queryFn: fetchOrganizations });

  useEffect(() => {
    if (organizations.isError) {
      notifications.show({ color: "red", title: "Failed to fetch clients", message: failureMessage(organizations.error) });
    }
  }, [organizations.isError, organizations.error]);

  const placeholder = organizations.isPending ? "Loading organizations..." : "Select your organization";
  return (
    <NativeSelect
      label="Organization"
      withAsterisk
      data={[{ value: "", label: placeholder }, ...(organizations.data ?? []).map((o) => ({ value: o.id, label: o.name }))]}
      {...props}
      error={props.error ?? (organizations.isError ? "Failed to fetch clients" : undefined)}
    />
  );
}
