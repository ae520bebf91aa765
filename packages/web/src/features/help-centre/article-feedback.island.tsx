import { Button, Group, Text } from "@mantine/core";
import { useState } from "react";
import { island } from "../../islands/island";
import { postJson } from "../../lib/public-api";

/**
 * "Was this helpful?" under a public article (docs/features.md §17). The server counts one answer per
 * reader (a visitor by address) and says thanks whatever it kept, so the buttons never fail loudly.
 */
function ArticleFeedback({ slug }: { slug: string }) {
  const [state, setState] = useState<"asking" | "sending" | "thanked">("asking");
  const answer = async (helpful: boolean) => {
    setState("sending");
    await postJson(`/api/knowledge/articles/${encodeURIComponent(slug)}/feedback`, { helpful }).catch(() => undefined);
    setState("thanked");
  };
  if (state === "thanked") return <Text role="status">Thanks for your answer.</Text>;
  return (
    <Group gap="sm">
      <Text fw={600}>Was this helpful?</Text>
      {[true, false].map((helpful) => (
        <Button
          key={String(helpful)}
          variant="default"
          size="xs"
          disabled={state === "sending"}
          onClick={() => void answer(helpful)}
        >
          {helpful ? "Yes" : "No"}
        </Button>
      ))}
    </Group>
  );
}

export default island("help-centre/article-feedback", ArticleFeedback);
