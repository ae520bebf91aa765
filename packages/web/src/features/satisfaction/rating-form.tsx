// The rating form the public rating page and the client portal share (architecture.md §18): Good or Bad, and an
// optional comment. The choice buttons are toggle buttons (aria-pressed), so a screen reader hears which
// one is chosen.
import { Alert, Button, Group, Stack, Text, Textarea } from "@mantine/core";
import { MAX_LENGTHS, SATISFACTION_LABELS, SATISFACTION_RATINGS, type SatisfactionRating } from "@repo/validators";
import { useId, useState } from "react";
import { serverMessage } from "../../lib/server-message";

export interface RatingValues {
  rating: SatisfactionRating;
  comment: string;
}

interface RatingFormProps {
  initial: { rating: SatisfactionRating | null; comment: string | null };
  call: { isPending: boolean; isError: boolean; error: unknown };
  submitLabel: string;
  onSubmit(values: RatingValues): void;
}

export function RatingForm({ initial, call, submitLabel, onSubmit }: RatingFormProps) {
  const [rating, setRating] = useState<SatisfactionRating | null>(initial.rating);
  const [comment, setComment] = useState(initial.comment ?? "");
  const [missing, setMissing] = useState(false);
  const questionId = useId();
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!rating) return setMissing(true);
        onSubmit({ rating, comment });
      }}
    >
      <Stack gap="sm">
        <div>
          <Text id={questionId} size="sm" fw={500} mb={6}>
            How did we do?
          </Text>
          <Group gap="xs" role="group" aria-labelledby={questionId}>
            {SATISFACTION_RATINGS.map((r) => (
              <Button
                key={r}
                type="button"
                color={r === "good" ? "green" : "red"}
                variant={rating === r ? "filled" : "outline"}
                aria-pressed={rating === r}
                onClick={() => {
                  setRating(r);
                  setMissing(false);
                }}
              >
                {SATISFACTION_LABELS[r]}
              </Button>
            ))}
          </Group>
          {missing && (
            <Text c="red" size="sm" mt={4} role="alert">
              Choose Good or Bad
            </Text>
          )}
        </div>
        <Textarea
          label="Comment (optional)"
          rows={3}
          resize="vertical"
          maxLength={MAX_LENGTHS.long}
          value={comment}
          onChange={(event) => setComment(event.currentTarget.value)}
        />
        {call.isError && (
          <Alert color="red" role="alert">
            {serverMessage(call.error, "The rating could not be saved. Please try again.")}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={call.isPending}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** "You rated this ticket Good." with the comment, for a rating that can no longer change. */
export function RatingSummary({ rating, comment }: { rating: SatisfactionRating; comment: string | null }) {
  return (
    <Stack gap={4}>
      <Text size="sm">
        Rated <strong>{SATISFACTION_LABELS[rating]}</strong>.
      </Text>
      {comment && (
        <Text size="sm" c="dimmed" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
          "{comment}"
        </Text>
      )}
    </Stack>
  );
}
