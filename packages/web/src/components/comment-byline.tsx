import { Group, Text } from "@mantine/core";
import type { ReactNode } from "react";

interface CommentBylineProps {
  author: string;
  /** When it was written, as the portal writes dates. */
  when: ReactNode;
  /** The client portal lets the time drop under the name on a narrow screen; the staff one keeps one line. */
  wrap: "wrap" | "nowrap";
  /** Marks beside the name (staff: internal note, where the comment came from). */
  children?: ReactNode;
}

/** The head of a ticket comment in either portal: who wrote it, then when, at the far end. */
export function CommentByline({ author, when, wrap, children }: CommentBylineProps) {
  return (
    <Group justify="space-between" gap="xs" wrap={wrap}>
      <Group gap="xs">
        <Text fw={600} size="sm">
          {author}
        </Text>
        {children}
      </Group>
      <Text size="xs" c="dimmed">
        {when}
      </Text>
    </Group>
  );
}
