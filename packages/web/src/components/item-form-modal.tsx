// The "add or edit" modal of a staff list (canned replies, clients): one form for both, validated by the
// schema the API uses and filled afresh each time the modal opens. Without an item the save creates one;
// with one it updates that item with the form's values. Either way the outcome is a toast, and a save
// refreshes the list and closes the modal.
import { Modal, Stack } from "@mantine/core";
import { schemaResolver, type UseFormReturnType, useForm } from "@mantine/form";
import { type ReactNode, useEffect } from "react";
import { toastOutcome } from "../lib/staff-toasts";
import { FormActions } from "./form-actions";

/**
 * The modal's form: `values(item)` when it opens on an item, `values(null)` (the empty form) when it opens
 * to add one. Only when it opens: filling it on every render would wipe what the person types.
 */
function useItemForm<T, V extends Record<string, unknown>>(
  { opened, item }: ItemModalProps<T>,
  schema: Parameters<typeof schemaResolver>[0],
  values: (item: T | null) => V,
): UseFormReturnType<V> {
  const form = useForm<V>({ initialValues: values(null), validate: schemaResolver(schema, { sync: true }) });
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the modal opens
  useEffect(() => {
    if (!opened) return;
    const filled = values(item);
    form.setValues(filled);
    form.resetDirty(filled);
    form.clearErrors();
  }, [opened, item]);
  return form;
}

/** A procedure's mutation as the modal calls it; tRPC's `useMutation()` answer is one. */
interface SaveCall<I, T> {
  isPending: boolean;
  mutate(input: I, outcome: ReturnType<typeof toastOutcome<T>>): void;
}

/** What the list's screen hands its add-or-edit modal (EditableCardsPage in staff-page.tsx). */
export interface ItemModalProps<T> {
  opened: boolean;
  /** The item to edit; null to add one. */
  item: T | null;
  onClose(): void;
}

interface ItemFormModalProps<T extends { id: string }, V extends Record<string, unknown>> extends ItemModalProps<T> {
  title: string;
  /** The form's rules: the schema the API parses the call with. */
  schema: Parameters<typeof schemaResolver>[0];
  /** The form's values for an item, or the empty form for null. */
  values(item: T | null): V;
  /** The list's create and update procedures, e.g. `trpc.clients`. */
  calls: {
    create: { useMutation(): SaveCall<V, T> };
    update: { useMutation(): SaveCall<V & { id: string }, T> };
  };
  /** The success toast's title and sentence, from what was saved. */
  saved(saved: T, created: boolean): [title: string, message: string];
  /** The failure toast's text when the server gives none. */
  failure: string;
  /** Refreshes the list after a save, before the modal closes. */
  refresh(): Promise<unknown>;
  /** The submit button's text ("Save Changes" for an edit). */
  label: string;
  /** The form's fields. */
  children(form: UseFormReturnType<V>): ReactNode;
}

export function ItemFormModal<T extends { id: string }, V extends Record<string, unknown>>(
  props: ItemFormModalProps<T, V>,
) {
  const { opened, onClose, item, calls } = props;
  const form = useItemForm(props, props.schema, props.values);
  const create = calls.create.useMutation();
  const update = calls.update.useMutation();
  // Both buttons wait while either call runs.
  const pending = create.isPending || update.isPending;
  const outcome = (created: boolean) =>
    toastOutcome(
      (saved: T) => props.saved(saved, created),
      props.failure,
      () => props.refresh().then(onClose),
    );
  const submit = (values: V) =>
    item ? update.mutate({ id: item.id, ...values }, outcome(false)) : create.mutate(values, outcome(true));

  return (
    <Modal opened={opened} onClose={onClose} title={props.title} centered size="lg">
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack gap="sm">
          {props.children(form)}
          <FormActions onCancel={onClose} pending={pending} pendingLabel="Saving..." label={props.label} />
        </Stack>
      </form>
    </Modal>
  );
}
