import { Button, Group, Select, Stack, Table, Text, TextInput } from "@mantine/core";
import { useState } from "react";
import type { SlaPlan } from "@repo/validators";
import { showCallFailure, showSuccess } from "../../lib/staff-toasts";
import { trpc } from "../../lib/trpc";
import { SlaCard } from "./sla-card";
import { SlaPlanEditor } from "./sla-plan-editor";

/**
 * Named SLA plans (docs/decisions/0034-named-sla-plans.md): each company follows one, Standard when it chose
 * none; all share the calendar above. An ADMIN adds and deletes plans and moves companies between them.
 */
export function SlaPlansCard({ canEdit }: { canEdit: boolean }) {
  const utils = trpc.useUtils();
  const plans = trpc.sla.plans.useQuery();
  const companies = trpc.clients.list.useQuery();
  const [name, setName] = useState("");
  const [editing, setEditing] = useState<SlaPlan | null>(null);
  const refresh = async () => {
    await utils.sla.plans.invalidate();
    await utils.sla.ticket.invalidate();
  };
  const create = trpc.sla.createPlan.useMutation({
    onSuccess: async (plan) => {
      setName("");
      showSuccess("SLA plan added", `${plan.name} starts with the default plan's targets.`);
      await refresh();
    },
    onError: (error) => showCallFailure(error, "Failed to add SLA plan"),
  });
  const remove = trpc.sla.deletePlan.useMutation({
    onSuccess: async () => {
      showSuccess("SLA plan deleted", "Its companies follow the default plan.");
      await refresh();
    },
    onError: (error) => showCallFailure(error, "Failed to delete SLA plan"),
  });
  const assign = trpc.sla.setCompanyPlan.useMutation({
    onSuccess: async () => {
      showSuccess("SLA plan changed", "The company's open tickets follow its new plan.");
      await refresh();
    },
    onError: (error) => showCallFailure(error, "Failed to change the company's SLA plan"),
  });
  const list = plans.data?.plans ?? [];
  const planOf = (clientId: string) => list.find((p) => p.clientIds.includes(clientId))?.id ?? null;
  return (
    <SlaCard
      id="sla-plans-title"
      title="Plans"
      intro="Each company follows one plan; the targets above are the default plan's. Every plan uses the same business hours and holidays."
    >
      <Stack gap="md">
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Plan</Table.Th>
              <Table.Th>P1 first response / resolution</Table.Th>
              <Table.Th>Companies</Table.Th>
              {canEdit ? <Table.Th /> : null}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.map((plan) => (
              <Table.Tr key={plan.id}>
                <Table.Td>{plan.isDefault ? `${plan.name} (default)` : plan.name}</Table.Td>
                <Table.Td>{p1Summary(plan)}</Table.Td>
                <Table.Td>{plan.clientIds.length}</Table.Td>
                {canEdit ? (
                  <Table.Td>
                    {plan.isDefault ? null : (
                      <Group gap="xs" wrap="nowrap">
                        <Button size="xs" variant="subtle" onClick={() => setEditing(plan)}>
                          {`Edit ${plan.name}`}
                        </Button>
                        <Button
                          size="xs"
                          variant="subtle"
                          color="red"
                          loading={remove.isPending}
                          onClick={() =>
                            remove.mutate({
                              id: plan.id,
                              moveCompanies: plan.clientIds.length > 0 ? "true" : undefined,
                            })
                          }
                        >
                          {plan.clientIds.length > 0
                            ? `Move companies to default and delete ${plan.name}`
                            : `Delete ${plan.name}`}
                        </Button>
                      </Group>
                    )}
                  </Table.Td>
                ) : null}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {canEdit ? (
          <Group align="end">
            <TextInput label="New plan name" value={name} onChange={(e) => setName(e.currentTarget.value)} />
            <Button loading={create.isPending} disabled={!name.trim()} onClick={() => create.mutate({ name })}>
              Add plan
            </Button>
          </Group>
        ) : null}
        <SlaPlanEditor plan={editing} onClose={() => setEditing(null)} />
        <Stack gap="xs">
          <Text fw={600} size="sm">
            Company plans
          </Text>
          {(companies.data?.clients ?? []).map((company) => (
            <Select
              key={company.id}
              label={`${company.name}: SLA plan`}
              data={list.map((p) => ({ value: p.id, label: p.name }))}
              value={planOf(company.id)}
              disabled={!canEdit || assign.isPending}
              allowDeselect={false}
              onChange={(planId) => planId && assign.mutate({ clientId: company.id, planId })}
            />
          ))}
        </Stack>
      </Stack>
    </SlaCard>
  );
}

const p1Summary = (plan: SlaPlan) => {
  const p1 = plan.targets.find((t) => t.priority === "P1");
  return p1 ? `${p1.firstResponseMinutes} / ${p1.resolutionMinutes} min` : "-";
};
