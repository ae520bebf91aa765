import { Button, Group, Modal, Stack, Textarea } from "@mantine/core";
import type { Role, Timesheet } from "@repo/validators";
import { useState } from "react";
import { toastOutcome } from "../../lib/staff-toasts";
import { trpc } from "../../lib/trpc";

type Asking = "return" | "reverse" | null;

/** Submit (the person), approve, return or reverse (an admin), as the week's status allows. */
export function TimesheetActions({ sheet, own, role }: { sheet: Timesheet; own: boolean; role: Role }) {
  const utils = trpc.useUtils();
  const [asking, setAsking] = useState<Asking>(null);
  const [comment, setComment] = useState("");
  const week = { userId: sheet.userId, weekStart: sheet.weekStart };
  const after = () => {
    setAsking(null);
    setComment("");
    return utils.time.timesheet.invalidate();
  };
  const submit = trpc.time.submitTimesheet.useMutation(
    toastOutcome(
      () => ["Timesheet submitted", "The week is locked until an admin decides."],
      "Failed to submit",
      after,
    ),
  );
  const approve = trpc.time.approveTimesheet.useMutation(
    toastOutcome(() => ["Timesheet approved", `${sheet.userName}'s week is approved.`], "Failed to approve", after),
  );
  const giveBack = trpc.time.returnTimesheet.useMutation(
    toastOutcome(
      () => ["Timesheet returned", `${sheet.userName} can change the week again.`],
      "Failed to return",
      after,
    ),
  );
  const reverse = trpc.time.reverseApproval.useMutation(
    toastOutcome(() => ["Approval reversed", "The week is returned and unlocked."], "Failed to reverse", after),
  );
  const admin = role === "ADMIN";
  const open = sheet.status === "open" || sheet.status === "returned";
  return (
    <Group gap="xs">
      {open && (own || admin) && role !== "VIEWER" && (
        <Button size="xs" onClick={() => submit.mutate(week)} loading={submit.isPending} disabled={sheet.total === 0}>
          Submit week
        </Button>
      )}
      {admin && sheet.status === "submitted" && (
        <>
          <Button size="xs" color="green" onClick={() => approve.mutate(week)} loading={approve.isPending}>
            Approve
          </Button>
          <Button size="xs" variant="default" onClick={() => setAsking("return")}>
            Return
          </Button>
        </>
      )}
      {admin && sheet.status === "approved" && (
        <Button size="xs" variant="default" onClick={() => setAsking("reverse")}>
          Reverse approval
        </Button>
      )}
      <Modal
        opened={asking !== null}
        onClose={() => setAsking(null)}
        title={asking === "return" ? "Return the week" : "Reverse the approval"}
      >
        <form
          onSubmit={(event) => {
            event.preventDefault();
            const input = { ...week, comment: comment.trim() };
            if (asking === "return") giveBack.mutate(input);
            else reverse.mutate(input);
          }}
        >
          <Stack gap="sm">
            <Textarea
              label={asking === "return" ? "What to change" : "Reason"}
              required
              data-autofocus
              value={comment}
              onChange={(event) => setComment(event.currentTarget.value)}
            />
            <Group justify="flex-end">
              <Button type="submit" disabled={comment.trim() === ""} loading={giveBack.isPending || reverse.isPending}>
                {asking === "return" ? "Return week" : "Reverse approval"}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </Group>
  );
}
