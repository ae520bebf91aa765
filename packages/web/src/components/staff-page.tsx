// Pieces every staff portal screen opens with: the heading row, the "Loading ..." line, a grid of cards
// in its loading, failed and empty states, and the screen of cards added and edited in one modal.
import { Button, Center, Container, Group, Loader, SimpleGrid, Text, Title } from "@mantine/core";
import { type ComponentType, type ReactNode, useState } from "react";
import type { ItemModalProps } from "./item-form-modal";

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

interface CardGridProps<T> {
  /** The list's query; `items` picks the cards' items out of its answer. */
  query: { isPending: boolean; isError: boolean };
  items: T[] | undefined;
  /** What the cards are, as the state lines name them: "Loading clients...", "No clients yet. ...". */
  noun: string;
  children(item: T): ReactNode;
}

/** A staff screen's items as cards, three across on a wide screen, or the line that says why there are none. */
export function CardGrid<T>({ query, items, noun, children }: CardGridProps<T>) {
  if (query.isPending) return <LoadingStatus>{`Loading ${noun}...`}</LoadingStatus>;
  if (query.isError || !items) {
    return (
      <Text c="red" role="alert" ta="center" py="lg">
        {`Failed to fetch ${noun}`}
      </Text>
    );
  }
  if (items.length === 0) {
    return (
      <Text c="dimmed" ta="center" py="lg">
        {`No ${noun} yet. Add the first one.`}
      </Text>
    );
  }
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
      {items.map(children)}
    </SimpleGrid>
  );
}

interface EditableCardsPageProps<T> extends Omit<StaffPageHeaderProps, "action">, Omit<CardGridProps<T>, "children"> {
  /** The add button's text ("Add Client"). */
  addLabel: string;
  /** An item's card; `edit` opens the modal on it. */
  card(item: T, edit: () => void): ReactNode;
  /** The add-or-edit modal. */
  modal: ComponentType<ItemModalProps<T>>;
  /** More of the screen after the modal (a delete dialog). */
  children?: ReactNode;
}

/** A staff screen of cards, each edited in the modal that also adds them (canned replies, clients). */
export function EditableCardsPage<T>({ addLabel, card, modal: Modal, children, ...props }: EditableCardsPageProps<T>) {
  // undefined: closed; null: adding; an item: editing it.
  const [editing, setEditing] = useState<T | null | undefined>(undefined);
  return (
    <Container size="xl" py="xl">
      <StaffPageHeader
        title={props.title}
        description={props.description}
        action={<Button onClick={() => setEditing(null)}>{addLabel}</Button>}
      />
      <CardGrid query={props.query} items={props.items} noun={props.noun}>
        {(item) => card(item, () => setEditing(item))}
      </CardGrid>
      <Modal opened={editing !== undefined} item={editing ?? null} onClose={() => setEditing(undefined)} />
      {children}
    </Container>
  );
}
