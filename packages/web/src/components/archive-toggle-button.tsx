import { Button } from "@mantine/core";

interface ArchiveToggleButtonProps {
  /** The row's name, so each list's many buttons say which row: "Archive Managed seat". */
  name: string;
  archived: boolean;
  pending: boolean;
  onToggle(archived: boolean): void;
}

/** Archives a row of an admin-kept list, or restores an archived one (catalogue items, tax codes). */
export function ArchiveToggleButton({ name, archived, pending, onToggle }: ArchiveToggleButtonProps) {
  const action = archived ? "Restore" : "Archive";
  return (
    <Button
      size="compact-xs"
      variant="subtle"
      color={archived ? undefined : "red"}
      aria-label={`${action} ${name}`}
      disabled={pending}
      onClick={() => onToggle(!archived)}
    >
      {action}
    </Button>
  );
}
