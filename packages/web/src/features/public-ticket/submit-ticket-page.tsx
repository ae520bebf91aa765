import { PageIntro } from "../site/page-intro";

export function SubmitTicketPage() {
  return (
    <PageIntro title="Submit a Support Ticket">
      Tell us what's wrong or what you need, and we'll review it within our service time frame and email you updates.
    </PageIntro>
  );
}
