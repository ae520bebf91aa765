// /rate#token=…&rating=good (architecture.md §18): the page a resolved mail's Good or Bad link opens. The token rides
// in the fragment, so no server log or Referer sees it; the page reads it once, takes it out of the
// address bar, and sends the rating the link named at once, so one click rates. A comment, or a change of
// mind, can follow on the same page.
import { Alert, Loader, Stack, Text } from "@mantine/core";
import { satisfactionRatingSchema } from "@repo/validators";
import { useLocation, useNavigate } from "@tanstack/react-router";
import { useEffect, useRef, useState } from "react";
import { SignInCard } from "../../components/sign-in-card";
import { serverMessage } from "../../lib/server-message";
import { trpc } from "../../lib/trpc";
import { RatingForm, RatingSummary } from "./rating-form";

function fromFragment(hash: string) {
  const params = new URLSearchParams(hash.replace(/^#/, ""));
  const rating = satisfactionRatingSchema.safeParse(params.get("rating"));
  return { token: params.get("token"), rating: rating.success ? rating.data : null };
}

export function RatePage() {
  const hash = useLocation({ select: (location) => location.hash });
  const navigate = useNavigate();
  const [link] = useState(() => fromFragment(hash));
  useEffect(() => {
    if (fromFragment(hash).token) void navigate({ to: "/rate", replace: true });
  }, [hash, navigate]);

  const lookup = trpc.ratings.link.useMutation();
  const rate = trpc.ratings.rateByLink.useMutation();
  const [saved, setSaved] = useState(false);
  const started = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, with the link the page opened with
  useEffect(() => {
    if (!link.token || started.current) return;
    started.current = true;
    if (link.rating) rate.mutate({ token: link.token, rating: link.rating });
    else lookup.mutate({ token: link.token });
  }, []);

  const page = rate.data ?? lookup.data;
  const failed = !page && (rate.isError || lookup.isError);

  return (
    <SignInCard
      title="Rate our support"
      subtitle={page ? `${page.reference}: ${page.title}` : "Your resolved ticket"}
      main="card"
    >
      <Stack mt="lg" gap="md">
        {!link.token ? (
          <Alert color="red" role="alert" title="This link is not complete">
            Open the link from the email again.
          </Alert>
        ) : failed ? (
          <Alert color="red" role="alert" title="This rating could not be recorded">
            {serverMessage(rate.error ?? lookup.error, "Please try again later.")}
          </Alert>
        ) : !page ? (
          <Loader size="sm" role="status" aria-label="Recording your rating" />
        ) : (
          <>
            {page.rating && (
              <Alert color="green" role="status" title="Thank you for your feedback">
                {saved ? "Your comment has been saved." : "Your rating has been recorded."}
              </Alert>
            )}
            {page.canRate ? (
              <RatingForm
                key={page.ratedAt ?? "none"}
                initial={page}
                call={rate}
                submitLabel={page.rating ? "Save" : "Send rating"}
                onSubmit={(values) =>
                  rate.mutate(
                    { token: link.token!, rating: values.rating, comment: values.comment },
                    { onSuccess: () => setSaved(true) },
                  )
                }
              />
            ) : page.rating ? (
              <RatingSummary rating={page.rating} comment={page.comment} />
            ) : (
              <Text size="sm">This ticket can no longer be rated.</Text>
            )}
          </>
        )}
      </Stack>
    </SignInCard>
  );
}
