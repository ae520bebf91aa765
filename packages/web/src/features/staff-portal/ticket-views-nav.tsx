import {
  ActionIcon,
  Badge,
  Button,
  Checkbox,
  Group,
  Menu,
  Modal,
  NavLink,
  Stack,
  Text,
  TextInput,
} from "@mantine/core";
import {
  SAVED_VIEW_NAME_MAX,
  type SavedView,
  TICKET_VIEW_LABELS,
  TICKET_VIEWS,
  VIEW_COUNT_CAP,
} from "@repo/validators";
import { type ReactNode, useEffect, useState } from "react";
import { showCallFailure, showSuccess } from "../../lib/staff-toasts";
import { trpc } from "../../lib/trpc";
import { staleCurrent } from "../../lib/use-versioned-edits";
import { isSessionExpired } from "../../lib/use-session-expiry";
import { parseDashboardSearch, viewFilters, type DashboardSearch } from "./dashboard-search";

const count = new Intl.NumberFormat("en-CA");
/** A view's count as the side list says it: past the cap the server stops counting (one more than it). */
const countText = (n: number) => (n > VIEW_COUNT_CAP ? `${count.format(VIEW_COUNT_CAP)}+` : count.format(n));
const failed = (fallback: string) => (error: unknown) => !isSessionExpired(error) && showCallFailure(error, fallback);

interface TicketViewsNavProps {
  search: DashboardSearch;
  /** Opens a view: its filters replace the list's. */
  onOpen(search: DashboardSearch): void;
  canWrite: boolean;
  isAdmin: boolean;
}

/**
 * The side list of the agent desk (docs/architecture.md §18): the built-in queues with their counts (one
 * call), and the saved views, the caller's and the shared ones. "Save view" keeps the list's filters.
 */
export function TicketViewsNav({ search, onOpen, canWrite, isAdmin }: TicketViewsNavProps) {
  const counts = trpc.views.counts.useQuery();
  const saved = trpc.views.list.useQuery();
  const [saving, setSaving] = useState(false);
  const builtInActive = !search.saved;

  return (
    <Stack gap="xs" component="nav" aria-label="Ticket views">
      <Text size="sm" fw={700} component="h2" m={0}>
        Views
      </Text>
      <NavLink
        component="button"
        label="All tickets"
        active={builtInActive && !search.view}
        aria-current={builtInActive && !search.view ? "page" : undefined}
        onClick={() => onOpen({ sort: search.sort })}
      />
      {TICKET_VIEWS.map((view) => {
        const active = builtInActive && search.view === view;
        const n = counts.data?.[view];
        return (
          <NavLink
            key={view}
            component="button"
            data-view={view}
            label={TICKET_VIEW_LABELS[view]}
            active={active}
            aria-current={active ? "page" : undefined}
            onClick={() => onOpen({ view, sort: search.sort })}
            rightSection={
              <Badge
                variant="light"
                color="gray"
                data-count={view}
                aria-label={n === undefined ? undefined : `${countText(n)} tickets`}
              >
                {n === undefined ? (counts.isError ? "!" : "…") : countText(n)}
              </Badge>
            }
          />
        );
      })}
      {counts.isError && (
        <Text size="xs" c="red" role="alert">
          Failed to fetch the view counts
        </Text>
      )}

      <Group justify="space-between" mt="md">
        <Text size="sm" fw={700} component="h2" m={0}>
          Saved views
        </Text>
        {canWrite && (
          <Button size="compact-sm" variant="light" onClick={() => setSaving(true)}>
            Save view
          </Button>
        )}
      </Group>
      {saved.isPending && !saved.isError && (
        <Text size="xs" c="dimmed">
          Loading saved views...
        </Text>
      )}
      {saved.isError && (
        <Text size="xs" c="red" role="alert">
          Failed to fetch saved views
        </Text>
      )}
      {saved.data?.views.length === 0 && (
        <Text size="xs" c="dimmed">
          No saved views yet. Filter the list, then Save view.
        </Text>
      )}
      {saved.data?.views.map((view) => (
        <Group key={view.id} gap={4} wrap="nowrap">
          <NavLink
            component="button"
            style={{ flex: 1 }}
            label={view.name}
            description={view.mine ? (view.shared ? "Shared by you" : "Private") : `Shared by ${view.owner.name}`}
            active={search.saved === view.id}
            aria-current={search.saved === view.id ? "page" : undefined}
            onClick={() => onOpen(parseDashboardSearch({ ...view.filters, saved: view.id }))}
          />
          {canWrite && (view.mine || (isAdmin && view.shared)) && <SavedViewMenu view={view} />}
        </Group>
      ))}
      <SaveViewDialog opened={saving} onClose={() => setSaving(false)} search={search} onSaved={onOpen} />
    </Stack>
  );
}

function useRefreshViews() {
  const utils = trpc.useUtils();
  return () => utils.views.list.invalidate();
}

/** What a saved view's menu needs: its name, and whether it is the caller's own and shared. */
function SavedViewMenu({ view }: { view: Pick<SavedView, "id" | "name" | "shared" | "mine" | "version"> }) {
  const refresh = useRefreshViews();
  const [renaming, setRenaming] = useState(false);
  const update = trpc.views.update.useMutation({
    onSuccess: refresh,
    onError: async (error) => {
      failed("Failed to update the view")(error);
      // Changed in another tab since the list was read (docs/architecture.md §8a): the list shows it as now.
      if (staleCurrent(error)) await refresh();
    },
  });
  const remove = trpc.views.delete.useMutation({
    onSuccess: async () => {
      showSuccess("View deleted", `"${view.name}" is gone.`);
      await refresh();
    },
    onError: failed("Failed to delete the view"),
  });
  return (
    <>
      <Menu position="bottom-end">
        <Menu.Target>
          <ActionIcon variant="subtle" color="gray" aria-label={`Options for ${view.name}`}>
            <span aria-hidden>⋯</span>
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          {view.mine && <Menu.Item onClick={() => setRenaming(true)}>Rename</Menu.Item>}
          {view.mine && (
            <Menu.Item onClick={() => update.mutate({ id: view.id, shared: !view.shared, version: view.version })}>
              {view.shared ? "Make private" : "Share with staff"}
            </Menu.Item>
          )}
          <Menu.Item color="red" onClick={() => remove.mutate({ id: view.id })}>
            Delete
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <NameDialog
        opened={renaming}
        title="Rename view"
        initial={view.name}
        pending={update.isPending}
        onClose={() => setRenaming(false)}
        onSubmit={(name) =>
          update.mutate({ id: view.id, name, version: view.version }, { onSuccess: () => setRenaming(false) })
        }
      />
    </>
  );
}

function SaveViewDialog({
  opened,
  onClose,
  search,
  onSaved,
}: {
  opened: boolean;
  onClose(): void;
  search: DashboardSearch;
  onSaved(search: DashboardSearch): void;
}) {
  const refresh = useRefreshViews();
  const [shared, setShared] = useState(false);
  const create = trpc.views.create.useMutation({
    onSuccess: async (view) => {
      showSuccess("View saved", `"${view.name}" is in your saved views.`);
      onClose();
      onSaved(parseDashboardSearch({ ...view.filters, saved: view.id }));
      await refresh();
    },
    onError: failed("Failed to save the view"),
  });
  return (
    <NameDialog
      opened={opened}
      title="Save view"
      initial=""
      pending={create.isPending}
      onClose={onClose}
      onSubmit={(name) => create.mutate({ name, shared, filters: viewFilters(search) })}
    >
      <Checkbox
        label="Share with all staff"
        checked={shared}
        onChange={(event) => setShared(event.currentTarget.checked)}
      />
    </NameDialog>
  );
}

function NameDialog({
  opened,
  title,
  initial,
  pending,
  onClose,
  onSubmit,
  children,
}: {
  opened: boolean;
  title: string;
  initial: string;
  pending: boolean;
  onClose(): void;
  onSubmit(name: string): void;
  children?: ReactNode;
}) {
  const [name, setName] = useState(initial);
  const [openedWith, setOpenedWith] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  // Each opening starts from the view's name (or blank), not from what was typed last time. A rename saved
  // elsewhere while the dialog is open keeps what the person typed and says what the name is now.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the dialog opens
  useEffect(() => {
    if (!opened) return;
    setName(initial);
    setOpenedWith(initial);
    setError(null);
  }, [opened]);
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          const trimmed = name.trim();
          if (!trimmed) return setError("Name is required");
          onSubmit(trimmed);
        }}
      >
        <Stack gap="sm">
          <TextInput
            label="Name"
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            error={error}
            maxLength={SAVED_VIEW_NAME_MAX}
            description={initial !== openedWith ? `Renamed elsewhere meanwhile to "${initial}"` : undefined}
            data-autofocus
            required
          />
          {children}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={pending}>
              Cancel
            </Button>
            <Button type="submit" loading={pending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
