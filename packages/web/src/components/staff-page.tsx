// Pieces every staff portal screen opens with: the heading row and the "Loading ..." line.
import { Center, Group, Loader, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";

interface StaffPageHeaderProps {
  title: string;
  description: string;
  /** The screen's main action, at the right of the heading (e.g. "Add User"). */
  action: ReactNode;
}

export function StaffPageHeader({ title, description, action }: StaffPageHeaderProps) {
  return (
    <Group justify="space-between" align="flex-end" mb="lg" gap="sm">
      <div>
        <Title order={1}>{title}</Title>
        <Text c="dimmed" size="sm">
          {description}
        </Text>
      </div>
      {action}
    </Group>
  );
}

/** A status line while a screen's data loads; `children` is its text ("Loading users..."). */
export function LoadingStatus({ children }: { children: string }) {
  return (
    <Center py="xl" role="status">
      <Loader size="sm" mr="sm" />
      <Text c="dimmed">{children}</Text>
    </Center>
  );
}
