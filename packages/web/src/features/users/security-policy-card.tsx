// The admin's security policy on /users: whose sign-in must use a second factor (docs/architecture.md §6a).
import { Button, Card, Group, Select, Text, Title } from "@mantine/core";
import type { SecondFactorPolicy } from "@repo/validators";
import { useEffect, useState } from "react";
import { showCallFailure, showSuccess } from "../../lib/staff-toasts";
import { trpc } from "../../lib/trpc";

const POLICY_OPTIONS: { value: SecondFactorPolicy; label: string }[] = [
  { value: "off", label: "Not required (anyone may turn it on)" },
  { value: "staff", label: "Required for staff" },
  { value: "everyone", label: "Required for everyone, clients too" },
];

export function SecurityPolicyCard() {
  const settings = trpc.settings.security.useQuery();
  const utils = trpc.useUtils();
  const [policy, setPolicy] = useState<SecondFactorPolicy | null>(null);
  useEffect(() => {
    if (settings.data) setPolicy(settings.data.secondFactorRequired);
  }, [settings.data]);
  const save = trpc.settings.updateSecurity.useMutation({
    onSuccess: async () => {
      showSuccess("Security policy saved", "The next sign-ins follow it.");
      await utils.settings.security.invalidate();
    },
    onError: (error) => showCallFailure(error, "Failed to save the security policy"),
  });

  return (
    <Card withBorder padding="lg" mt="lg" component="section" aria-labelledby="security-policy">
      <Title order={2} size="h3" id="security-policy">
        Security
      </Title>
      <Text size="sm" c="dimmed" mt={4} mb="md">
        A person who must use two-factor sign-in and has not set it up is asked to at their next sign-in.
      </Text>
      <Group align="flex-end">
        <Select
          label="Two-factor sign-in"
          data={POLICY_OPTIONS}
          value={policy}
          onChange={(value) => setPolicy(value as SecondFactorPolicy | null)}
          allowDeselect={false}
          disabled={!settings.data}
          w={340}
        />
        <Button
          onClick={() => policy && save.mutate({ secondFactorRequired: policy })}
          loading={save.isPending}
          disabled={!policy || policy === settings.data?.secondFactorRequired}
        >
          Save
        </Button>
      </Group>
      {settings.isError && (
        <Text c="red" size="sm" mt="sm" role="alert">
          The security policy could not be loaded.
        </Text>
      )}
    </Card>
  );
}
