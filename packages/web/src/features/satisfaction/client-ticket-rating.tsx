// The portal's rating of a resolved ticket (docs/architecture.md §18): the same question as the mail's links, for
// a person who reads the ticket in the portal instead.
import { Paper, Text, Title } from "@mantine/core";
import { trpc } from "../../lib/trpc";
import { toastSuccess } from "../../lib/toasts";
import { RatingForm, RatingSummary } from "./rating-form";

export function ClientTicketRating({ ticketId }: { ticketId: string }) {
  const utils = trpc.useUtils();
  const query = trpc.ratings.forClient.useQuery({ id: ticketId });
  const rate = trpc.ratings.rateAsClient.useMutation({
    onSuccess: (state) => {
      utils.ratings.forClient.setData({ id: ticketId }, state);
      toastSuccess("Thank you for your feedback", "Your rating has been saved.");
    },
  });
  const state = query.data;
  if (query.isError) {
    return (
      <Text c="red" size="sm">
        The ticket's rating could not be loaded.
      </Text>
    );
  }
  if (!state || (!state.canRate && !state.rating)) return null;
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="rating-title">
      <Title order={2} size="h4" id="rating-title" mb="sm">
        Rate this ticket
      </Title>
      {state.canRate ? (
        <>
          {state.rating && (
            <Text size="sm" c="dimmed" mb="xs">
              You can change your rating while the ticket stays resolved, for 14 days.
            </Text>
          )}
          <RatingForm
            key={state.ratedAt ?? "none"}
            initial={state}
            call={rate}
            submitLabel={state.rating ? "Update rating" : "Send rating"}
            onSubmit={(values) => rate.mutate({ id: ticketId, ...values })}
          />
        </>
      ) : (
        state.rating && <RatingSummary rating={state.rating} comment={state.comment} />
      )}
    </Paper>
  );
}
