// The reply box with canned replies (docs/architecture.md §18): typing "/" at the start of a word opens a filtered
// list under the box (arrows move, Enter inserts, Escape closes), and the "Canned replies" menu beside it
// inserts at the caret. Placeholders are filled in for the ticket in hand, by the same function the API
// uses (`@repo/validators` canned-replies.ts), so what is inserted is what the API would fill.
import { Button, Group, Menu, Popover, Text, Textarea, type TextareaProps, UnstyledButton } from "@mantine/core";
import { fillPlaceholders } from "@repo/validators";
import { useMergedRef } from "@mantine/hooks";
import { type Ref, useId, useLayoutEffect, useRef, useState } from "react";
import { useNavigate } from "@tanstack/react-router";
import { readStoredUser } from "../../lib/auth-storage";
import { trpc } from "../../lib/trpc";
import { matchingReplies, replaceRange, type SlashCommand, slashCommandAt } from "./slash-command";

interface ReplyBoxProps extends Omit<TextareaProps, "value" | "onChange"> {
  value: string;
  onValueChange(value: string): void;
  /** The ticket the reply is for: its placeholders are filled from it. */
  ticket: { id: string; requesterName: string };
  /** The text box itself, for a caller that focuses it (the ticket page's r and n shortcuts). */
  boxRef?: Ref<HTMLTextAreaElement>;
}

interface CannedReplyItem {
  id: string;
  title: string;
  body: string;
}

export function ReplyBoxWithCannedReplies({ value, onValueChange, ticket, boxRef, ...textareaProps }: ReplyBoxProps) {
  const replies = trpc.cannedReplies.list.useQuery(undefined, { staleTime: 60_000 });
  const navigate = useNavigate();
  const textarea = useRef<HTMLTextAreaElement>(null);
  const boxRefs = useMergedRef(textarea, boxRef);
  const listId = useId();
  const [command, setCommand] = useState<SlashCommand | null>(null);
  const [dismissedAt, setDismissedAt] = useState<number | null>(null);
  const [active, setActive] = useState(0);
  const [caretAfter, setCaretAfter] = useState<number | null>(null);

  const matches = command ? matchingReplies(replies.data ?? [], command.query) : [];
  const open = command !== null && dismissedAt !== command.start;
  const activeIndex = Math.min(active, Math.max(matches.length - 1, 0));

  // After an insert, the caret goes just after the inserted text, with the focus back in the box.
  useLayoutEffect(() => {
    if (caretAfter === null || !textarea.current) return;
    textarea.current.focus();
    textarea.current.setSelectionRange(caretAfter, caretAfter);
    setCaretAfter(null);
  }, [caretAfter]);

  const track = (el: HTMLTextAreaElement) => {
    const next = el.selectionStart === el.selectionEnd ? slashCommandAt(el.value, el.selectionStart) : null;
    if (next?.query !== command?.query || next?.start !== command?.start) setActive(0);
    setCommand(next);
    if (!next) setDismissedAt(null);
  };

  const insert = (reply: CannedReplyItem, range: { start: number; end: number }) => {
    const filled = fillPlaceholders(reply.body, { ticket, agent: { name: readStoredUser()?.name ?? "" } });
    const result = replaceRange(value, range, filled);
    onValueChange(result.text);
    setCommand(null);
    setCaretAfter(result.caret);
  };

  const atCaret = () => {
    const el = textarea.current;
    return el ? { start: el.selectionStart, end: el.selectionEnd } : { start: value.length, end: value.length };
  };

  const optionId = (i: number) => `${listId}-option-${i}`;

  return (
    <div>
      <Popover
        opened={open}
        position="bottom-start"
        width="target"
        trapFocus={false}
        returnFocus={false}
        withRoles={false}
        shadow="md"
      >
        <Popover.Target>
          <Textarea
            {...textareaProps}
            ref={boxRefs}
            value={value}
            description="Type / at the start of a word to insert a canned reply."
            aria-autocomplete="list"
            aria-controls={open ? listId : undefined}
            aria-activedescendant={open && matches.length > 0 ? optionId(activeIndex) : undefined}
            onChange={(event) => {
              onValueChange(event.currentTarget.value);
              track(event.currentTarget);
            }}
            onSelect={(event) => track(event.currentTarget)}
            onBlur={() => setCommand(null)}
            onKeyDown={(event) => {
              if (!open || !command) return;
              if (event.key === "Escape") {
                event.preventDefault();
                event.stopPropagation();
                setDismissedAt(command.start);
              } else if (matches.length === 0) {
                return;
              } else if (event.key === "ArrowDown" || event.key === "ArrowUp") {
                event.preventDefault();
                const step = event.key === "ArrowDown" ? 1 : -1;
                setActive((activeIndex + step + matches.length) % matches.length);
              } else if (event.key === "Enter" && !event.shiftKey) {
                event.preventDefault();
                insert(matches[activeIndex]!, command);
              }
            }}
          />
        </Popover.Target>
        <Popover.Dropdown p={4}>
          <div role="listbox" id={listId} aria-label="Canned replies" style={{ maxHeight: 240, overflowY: "auto" }}>
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
                No canned reply matches "{command?.query}".
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
                  onMouseEnter={() => setActive(i)}
                  onClick={() => command && insert(reply, command)}
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
        </Popover.Dropdown>
      </Popover>
      <Group justify="flex-start" mt={6}>
        <Menu position="bottom-start" shadow="md" width={300}>
          <Menu.Target>
            <Button variant="default" size="xs">
              Canned replies
            </Button>
          </Menu.Target>
          <Menu.Dropdown mah={320} style={{ overflowY: "auto" }}>
            {replies.isPending ? (
              <Menu.Item disabled>Loading canned replies...</Menu.Item>
            ) : replies.isError ? (
              <Menu.Item disabled>Could not load canned replies</Menu.Item>
            ) : replies.data.length === 0 ? (
              <Menu.Item disabled>No canned replies yet</Menu.Item>
            ) : (
              replies.data.map((reply) => (
                <Menu.Item key={reply.id} onClick={() => insert(reply, atCaret())}>
                  {reply.title}
                </Menu.Item>
              ))
            )}
            <Menu.Divider />
            <Menu.Item onClick={() => void navigate({ to: "/canned-replies" })}>Manage canned replies</Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Group>
    </div>
  );
}
