// A list fed by one query shows one of four things: a loader, an error line, an "empty" line, or the
// list itself. This is the first three, worded by the caller, so the screens only write the fourth.
import { Loader, Text } from "@mantine/core";
import type { ReactNode } from "react";

interface QueryLike<T> {
  isPending: boolean;
  isError: boolean;
  data: T | undefined;
}

/** What the list says in each state; `loading` is the loader's accessible name ("Loading emails"). */
export interface QueryTexts {
  loading: string;
  error: string;
  empty: string;
}

interface QueryStatesProps<T> {
  query: QueryLike<T>;
  texts: QueryTexts;
  isEmpty(data: T): boolean;
  children(data: T): ReactNode;
}

export function QueryStates<T>({ query, texts, isEmpty, children }: QueryStatesProps<T>) {
  // A status: a plain span may not carry a name (axe: aria-prohibited-attr), and a screen reader hears it.
  if (query.isPending) return <Loader size="sm" role="status" aria-label={texts.loading} />;
  // Once the query is no longer pending, data is missing only when it failed.
  if (query.isError || query.data === undefined) {
    return (
      <Text c="red" size="sm">
        {texts.error}
      </Text>
    );
  }
  if (isEmpty(query.data)) {
    return (
      <Text c="dimmed" size="sm">
        {texts.empty}
      </Text>
    );
  }
  return children(query.data);
}
