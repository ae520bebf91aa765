import { Button } from "@mantine/core";

/** What a paged list (an infinite query over a `…Page` call, docs/architecture.md §8) tells the button. */
export interface PagedList {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage(): Promise<unknown>;
}

/** The page after a `…Page` call's page: its cursor, or none on the last. */
export const nextCursorOf = (page: { nextCursor: string | null }) => page.nextCursor ?? undefined;

/** "Show more …" under a paged list, while a next page exists: it loads that page after the rows shown. */
export function ShowMoreButton({ list, label }: { list: PagedList; label: string }) {
  if (!list.hasNextPage) return null;
  return (
    <Button
      variant="default"
      onClick={() => void list.fetchNextPage()}
      loading={list.isFetchingNextPage}
      style={{ alignSelf: "center" }}
    >
      {label}
    </Button>
  );
}
