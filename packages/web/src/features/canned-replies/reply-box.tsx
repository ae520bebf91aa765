// The reply box with canned replies (docs/architecture.md §18): typing "/" at the start of a word opens a filtered
// list under the box (arrows move, Enter inserts, Escape closes), and the "Canned replies" menu beside it
// inserts at the caret. Placeholders are filled in for the ticket in hand, by the same function the API
// uses (`@repo/validators` canned-replies.ts), so what is inserted is what the API would fill.
import { Group, Popover, Textarea, type TextareaProps } from "@mantine/core";
import { useMergedRef } from "@mantine/hooks";
import { type Ref, useId } from "react";
import { trpc } from "../../lib/trpc";
import { InsertArticleMenu } from "../knowledge-in-tickets/insert-article-menu";
import { CannedRepliesMenu } from "./canned-replies-menu";
import { SlashCommandOptions } from "./slash-command-options";
import { useSlashCommand } from "./use-slash-command";

interface ReplyBoxProps extends Omit<TextareaProps, "value" | "onChange"> {
  value: string;
  onValueChange(value: string): void;
  /** The ticket the reply is for: its placeholders are filled from it, its company's articles offered. */
  ticket: { id: string; requesterName: string; clientId?: string | null };
  /** The text box itself, for a caller that focuses it (the ticket page's r and n shortcuts). */
  boxRef?: Ref<HTMLTextAreaElement>;
}

export function ReplyBoxWithCannedReplies({ value, onValueChange, ticket, boxRef, ...textareaProps }: ReplyBoxProps) {
  const replies = trpc.cannedReplies.list.useQuery(undefined, { staleTime: 60_000 });
  const slash = useSlashCommand({ value, onValueChange, ticket, replies: replies.data });
  const boxRefs = useMergedRef(slash.textarea, boxRef);
  const listId = useId();
  const optionId = (i: number) => `${listId}-option-${i}`;

  return (
    <div>
      <Popover
        opened={slash.open}
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
            aria-controls={slash.open ? listId : undefined}
            aria-activedescendant={slash.open && slash.matches.length > 0 ? optionId(slash.activeIndex) : undefined}
            onChange={(event) => {
              onValueChange(event.currentTarget.value);
              slash.track(event.currentTarget);
            }}
            onSelect={(event) => slash.track(event.currentTarget)}
            onBlur={slash.close}
            onKeyDown={slash.onKeyDown}
          />
        </Popover.Target>
        <Popover.Dropdown p={4}>
          <SlashCommandOptions
            id={listId}
            optionId={optionId}
            replies={replies}
            query={slash.command?.query}
            matches={slash.matches}
            activeIndex={slash.activeIndex}
            onHover={slash.setActive}
            onPick={slash.pick}
          />
        </Popover.Dropdown>
      </Popover>
      <Group justify="flex-start" gap="xs" mt={6}>
        <CannedRepliesMenu replies={replies} onPick={slash.insertAtCaret} />
        {ticket.clientId && (
          <InsertArticleMenu
            clientId={ticket.clientId}
            onInsert={(text) => slash.insertAtCaret({ id: "article", title: "", body: text })}
          />
        )}
      </Group>
    </div>
  );
}
