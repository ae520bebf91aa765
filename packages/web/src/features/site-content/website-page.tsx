import { Container } from "@mantine/core";
import type { QuoteService } from "@repo/validators/labels";
import { useState } from "react";
import { QueryStates } from "../../components/query-states";
import { StaffPageHeader } from "../../components/staff-page";
import { trpc } from "../../lib/trpc";
import { SERVICE_PAGES } from "./service-pages-section";
import { SiteEditor, type SiteTab } from "./site-editor";

/**
 * /settings/website (docs/features.md §20): the provider's identity, packages and pages, edited as a draft
 * and published by an admin. The state is read once: refreshing it under someone's typing would replace
 * their edits, so it is read again only after their own save, publish, discard or restore, or on "Reload".
 */
export function WebsitePage() {
  const state = trpc.siteContent.state.useQuery(undefined, { refetchOnWindowFocus: false, staleTime: Infinity });
  // Above the editor, which starts afresh from each saved draft: the tab and the page stay where they were.
  const [tab, setTab] = useState<SiteTab>("identity");
  const [page, setPage] = useState<QuoteService>(SERVICE_PAGES[0]!);
  const [added, setAdded] = useState(0);
  return (
    <Container size="lg" py="xl">
      <StaffPageHeader
        title="Website"
        description="Who you are, your packages and prices, and your service pages, as the public site shows them."
        action={null}
      />
      <QueryStates
        query={state}
        texts={{ loading: "Loading the website's content", error: "Failed to load the website's content", empty: "" }}
        isEmpty={() => false}
      >
        {(data) => (
          <SiteEditor
            key={data.draft ? `draft-${data.draft.version}` : "published"}
            state={data}
            tab={tab}
            onTab={setTab}
            page={page}
            onPage={setPage}
            added={added}
            onAdded={setAdded}
          />
        )}
      </QueryStates>
    </Container>
  );
}
