import { Text, UnstyledButton } from "@mantine/core";
import type { CannedReplyItem } from "./use-slash-command";

interface SlashCommandOptionsProps {
  id: string;
  /** The id of the option at `index`, for the box's aria-activedescendant. */
  optionId(index: number): string;
  replies: { isPending: boolean; isError: boolean };
  query: string | undefined;
  matches: readonly CannedReplyItem[];
  activeIndex: number;
  onHover(index: number): void;
  onPick(reply: CannedReplyItem): void;
}

/** The list under the reply box while a "/word" is typed: the matching canned replies, or why there are none. */
export function SlashCommandOptions({
  id,
  optionId,
  replies,
  query,
  matches,
  activeIndex,
  onHover,
  onPick,
}: SlashCommandOptionsProps) {
  return (
    <div role="listbox" id={id} aria-label="Canned replies" style={{ maxHeight: 240, overflowY: "auto" }}>
      {replies.isPending ? (
        <Text size="sm" c="dimmed" p="xs">
          Loading canned replies...
        </Text>
      ) : replies.isError ? (
        <Text size="sm" c="red" p="xs">
          Could not load canned replies.
        </Text>
      ) : matches.length === 0 ? (
        <Text size="sm" c="dimmed" p="xs">
          No canned reply matches "{query}".
        </Text>
      ) : (
        matches.map((reply, i) => (
          <UnstyledButton
            key={reply.id}
            id={optionId(i)}
            role="option"
            aria-selected={i === activeIndex}
            tabIndex={-1}
            display="block"
            w="100%"
            p="xs"
            bg={i === activeIndex ? "var(--mantine-primary-color-light)" : undefined}
            style={{ borderRadius: 4 }}
            // Keeps the focus (and so the caret) in the reply box.
            onMouseDown={(event) => event.preventDefault()}
            onMouseEnter={() => onHover(i)}
            onClick={() => onPick(reply)}
          >
            <Text size="sm" fw={500}>
              {reply.title}
            </Text>
            <Text size="xs" c="dimmed" lineClamp={1}>
              {reply.body}
            </Text>
          </UnstyledButton>
        ))
      )}
    </div>
  );
}
