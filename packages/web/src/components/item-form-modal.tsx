// The "add or edit" modal of a staff list (canned replies, clients): one form for both, validated by the
// schema the API uses and filled afresh each time the modal opens. Without an item the save creates one;
// with one it sends the fields the person changed and the version the form is based on
// (docs/architecture.md §8a). Either way the outcome is a toast, and a save refreshes the list and closes
// the modal. A save refused because someone else saved the item meanwhile shows their values and keeps
// the person's changes aside, to re-apply or drop.
import { Modal, Stack } from "@mantine/core";
import { schemaResolver, type UseFormReturnType, useForm } from "@mantine/form";
import { type ReactNode, useEffect, useState } from "react";
import { toastOutcome } from "../lib/staff-toasts";
import { staleCurrent } from "../lib/use-versioned-edits";
import { ChangedElsewhereNotice } from "./changed-elsewhere-notice";
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

interface ItemFormModalProps<T extends { id: string; version?: number }, V extends Record<string, unknown>>
  extends ItemModalProps<T> {
  title: string;
  /** What the item is ("canned reply", "company"), and each field's label, for the "Changed elsewhere" notice. */
  noun: string;
  labels: Record<keyof V, string>;
  /** The form's rules: the schema the API parses the call with. */
  schema: Parameters<typeof schemaResolver>[0];
  /** The form's values for an item, or the empty form for null. */
  values(item: T | null): V;
  /** The list's create and update procedures, e.g. `trpc.clients`. */
  calls: {
    create: { useMutation(): SaveCall<V, T> };
    update: { useMutation(): SaveCall<Partial<V> & { id: string; version?: number }, T> };
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

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The fields of `to` that differ from `from`. */
function changedFields<V extends Record<string, unknown>>(from: V, to: V): Partial<V> {
  const out: Partial<V> = {};
  for (const key of Object.keys(to) as (keyof V)[]) if (!sameValue(from[key], to[key])) out[key] = to[key];
  return out;
}

const shown = (value: unknown) =>
  typeof value === "boolean" ? (value ? "Yes" : "No") : Array.isArray(value) ? value.join(", ") : String(value);

export function ItemFormModal<T extends { id: string; version?: number }, V extends Record<string, unknown>>(
  props: ItemFormModalProps<T, V>,
) {
  const { opened, onClose, item, calls } = props;
  const form = useItemForm(props, props.schema, props.values);
  const create = calls.create.useMutation();
  const update = calls.update.useMutation();
  // The item the form is based on: the one it opened on, or the newer one a refused save answered.
  const [based, setBased] = useState<T | null>(item);
  const [setAside, setSetAside] = useState<Partial<V> | null>(null);
  useEffect(() => {
    if (!opened) return;
    setBased(item);
    setSetAside(null);
  }, [opened, item]);
  // Both buttons wait while either call runs, and Save while set-aside changes await a choice.
  const pending = create.isPending || update.isPending;
  const outcome = (created: boolean) =>
    toastOutcome(
      (saved: T) => props.saved(saved, created),
      props.failure,
      () => props.refresh().then(onClose),
    );
  const submit = (values: V) => {
    if (!item) return create.mutate(values, outcome(true));
    const base = based ?? item;
    const edits = changedFields(props.values(base), values);
    const handlers = outcome(false);
    // Nothing changed: the values as they are, which the update accepts as a no-op.
    const fields = Object.keys(edits).length > 0 ? edits : values;
    update.mutate(
      { id: item.id, ...fields, ...(base.version === undefined ? {} : { version: base.version }) },
      {
        ...handlers,
        onError(error: unknown) {
          const current = staleCurrent<T>(error);
          if (!current) return handlers.onError(error);
          const theirs = props.values(current);
          const mine = changedFields(theirs, { ...theirs, ...edits });
          setBased(current);
          form.setValues(theirs);
          form.resetDirty(theirs);
          setSetAside(Object.keys(mine).length > 0 ? mine : null);
        },
      },
    );
  };

  return (
    <Modal opened={opened} onClose={onClose} title={props.title} centered size="lg">
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack gap="sm">
          {setAside && (
            <ChangedElsewhereNotice
              what={props.noun}
              changes={(Object.entries(setAside) as [keyof V, unknown][]).map(([key, value]) => ({
                label: props.labels[key],
                value: shown(value),
              }))}
              onReapply={() => {
                form.setValues({ ...form.getValues(), ...setAside });
                setSetAside(null);
              }}
              onDismiss={() => setSetAside(null)}
            />
          )}
          {props.children(form)}
          <FormActions
            onCancel={onClose}
            pending={pending}
            disabled={setAside !== null}
            pendingLabel="Saving..."
            label={props.label}
          />
        </Stack>
      </form>
    </Modal>
  );
}
