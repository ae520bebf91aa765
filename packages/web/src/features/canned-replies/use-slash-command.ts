// The reply box's "/" command: which canned replies match the word at the caret, which one is active, and
// inserting one with the ticket's placeholders filled in (by the function the API uses too).
import { fillPlaceholders } from "@repo/validators";
import { type KeyboardEvent, useLayoutEffect, useRef, useState } from "react";
import { readStoredUser } from "../../lib/auth-storage";
import { matchingReplies, replaceRange, type SlashCommand, slashCommandAt } from "./slash-command";

export interface CannedReplyItem {
  id: string;
  title: string;
  body: string;
}

interface SlashCommandOptions {
  value: string;
  onValueChange(value: string): void;
  /** The ticket the reply is for: its placeholders are filled from it. */
  ticket: { id: string; requesterName: string };
  /** The canned replies, once loaded. */
  replies: readonly CannedReplyItem[] | undefined;
}

export function useSlashCommand({ value, onValueChange, ticket, replies }: SlashCommandOptions) {
  const textarea = useRef<HTMLTextAreaElement>(null);
  const [command, setCommand] = useState<SlashCommand | null>(null);
  const [dismissedAt, setDismissedAt] = useState<number | null>(null);
  const [active, setActive] = useState(0);
  const [caretAfter, setCaretAfter] = useState<number | null>(null);

  const matches = command ? matchingReplies(replies ?? [], command.query) : [];
  const open = command !== null && dismissedAt !== command.start;
  const activeIndex = Math.min(active, Math.max(matches.length - 1, 0));

  // After an insert, the caret goes just after the inserted text, with the focus back in the box.
  useLayoutEffect(() => {
    if (caretAfter === null || !textarea.current) return;
    textarea.current.focus();
    textarea.current.setSelectionRange(caretAfter, caretAfter);
    setCaretAfter(null);
  }, [caretAfter]);

  /** Follows the caret: a "/word" under it opens (or filters) the list, anything else closes it. */
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

  /** Inserts in place of the selection, or at the end when the box was never focused. */
  const insertAtCaret = (reply: CannedReplyItem) => {
    const el = textarea.current;
    insert(reply, el ? { start: el.selectionStart, end: el.selectionEnd } : { start: value.length, end: value.length });
  };

  /** Arrows move, Enter inserts, Escape closes the list until the caret leaves that word. */
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
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
  };

  return {
    textarea,
    command,
    open,
    matches,
    activeIndex,
    setActive,
    track,
    close: () => setCommand(null),
    onKeyDown,
    /** Inserts `reply` in place of the "/word" being typed. */
    pick: (reply: CannedReplyItem) => command && insert(reply, command),
    insertAtCaret,
  };
}
