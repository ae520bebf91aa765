// Edits of a record two people can change (docs/architecture.md §8a). The form remembers the record it is
// based on (its values and version); a save sends only the fields the person changed, with that version.
// When a newer record arrives (a live refetch, or a save refused as stale with the current record), the
// form shows the newer values and keeps the person's own changes aside, to re-apply or to drop: it is never
// left holding values that would silently undo someone else's save.
import { TRPCClientError } from "@trpc/client";
import { useCallback, useEffect, useRef, useState } from "react";

/** The parts of Mantine's form this needs. */
interface VersionedForm<V> {
  getValues(): V;
  setInitialValues(values: V): void;
  setValues(values: V): void;
  resetDirty(values: V): void;
}

export interface VersionedEdits<V> {
  /** The fields the person changed from the record the form is based on. */
  edits(): Partial<V>;
  /** The version the form is based on, sent with a save. */
  version(): number | undefined;
  /** The person's changes a newer record set aside (shown in the "Changed elsewhere" notice), or null. */
  setAside: Partial<V> | null;
  /** Puts the set-aside changes back on the form, over the newer values. */
  reapply(): void;
  /** Drops the set-aside changes: the form keeps the newer values. */
  dismiss(): void;
  /**
   * Bases the form on `record`: after a save, or on the current record a refused save answered. True when
   * only its version moved (a comment, a side write): the person's changes still apply, and a refused save
   * may be sent again as it is.
   */
  rebase(record: { version: number }): boolean;
}

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function changed<V extends object>(from: V, to: V): Partial<V> {
  const out: Partial<V> = {};
  for (const key of Object.keys(to) as (keyof V)[]) if (!sameValue(from[key], to[key])) out[key] = to[key];
  return out;
}

/**
 * `record` is the record as the page last read it (undefined for a new one); `valuesOf` gives the form's
 * values for it. A newer record (a higher version) rebases the form: untouched, it just follows; with
 * changes, those the newer record does not already hold are set aside.
 */
export function useVersionedEdits<R extends { version: number }, V extends object>(
  form: VersionedForm<V>,
  record: R | undefined,
  valuesOf: (record: R) => V,
): VersionedEdits<V> {
  const base = useRef(record ? { values: valuesOf(record), version: record.version } : null);
  const [setAside, setSetAside] = useState<Partial<V> | null>(null);

  const rebase = useCallback(
    (next: { version: number }) => {
      const latest = valuesOf(next as R);
      const before = base.current;
      base.current = { values: latest, version: next.version };
      // Only the version moved (a comment, a side write): what the person changed still applies to it.
      if (before && sameValue(before.values, latest)) return true;
      const mine: Partial<V> = before ? changed(before.values, form.getValues()) : {};
      for (const key of Object.keys(mine) as (keyof V)[]) if (sameValue(mine[key], latest[key])) delete mine[key];
      form.setInitialValues(latest);
      form.setValues(latest);
      form.resetDirty(latest);
      setSetAside((earlier) => {
        const all = { ...earlier, ...mine };
        return Object.keys(all).length > 0 ? all : null;
      });
      return false;
    },
    [form, valuesOf],
  );

  useEffect(() => {
    if (record && (!base.current || record.version > base.current.version)) rebase(record);
  }, [record, rebase]);

  return {
    edits: () => (base.current ? changed(base.current.values, form.getValues()) : form.getValues()),
    version: () => base.current?.version,
    setAside,
    reapply() {
      if (setAside) form.setValues({ ...form.getValues(), ...setAside });
      setSetAside(null);
    },
    dismiss: () => setSetAside(null),
    rebase,
  };
}

/** The current record a save refused as stale answered (409), or undefined for any other failure. */
export function staleCurrent<R>(error: unknown): R | undefined {
  if (!(error instanceof TRPCClientError)) return undefined;
  const data = error.data as { code?: string; current?: R } | undefined;
  return data?.code === "CONFLICT" ? data.current : undefined;
}
