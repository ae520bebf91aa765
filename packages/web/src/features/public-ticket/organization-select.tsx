import { NativeSelect, type NativeSelectProps } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useEffect, useState } from "react";
import { failureMessage } from "../../lib/public-api";
import { fetchOrganizations, type Organization } from "./public-ticket-api";

type OrganizationList = { state: "loading" } | { state: "loaded"; organizations: Organization[] } | { state: "failed" };

/** The client list, fetched once the form is on screen; "Failed to fetch clients" when it fails. */
function useOrganizations(): OrganizationList {
  const [list, setList] = useState<OrganizationList>({ state: "loading" });
  useEffect(() => {
    let current = true;
    fetchOrganizations().then(
      (organizations) => current && setList({ state: "loaded", organizations }),
      (error: unknown) => {
        if (!current) return;
        setList({ state: "failed" });
        notifications.show({ color: "red", title: "Failed to fetch clients", message: failureMessage(error) });
      },
    );
    return () => {
      current = false;
    };
  }, []);
  return list;
}

/** The Organization select, filled from the client list. */
export function OrganizationSelect(props: Omit<NativeSelectProps, "data">) {
  const list = useOrganizations();
  const placeholder = list.state === "loading" ? "Loading organizations..." : "Select your organization";
  const organizations = list.state === "loaded" ? list.organizations : [];
  return (
    <NativeSelect
      label="Organization"
      withAsterisk
      data={[{ value: "", label: placeholder }, ...organizations.map((o) => ({ value: o.id, label: o.name }))]}
      {...props}
      error={props.error ?? (list.state === "failed" ? "Failed to fetch clients" : undefined)}
    />
  );
}
