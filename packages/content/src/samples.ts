// Sample content for tests and benches: one page a provider might add (issue 42), written once so the
// editor's, the page's, the server's and the bench's checks describe the same page. Not exported from the
// package's root: nothing the product ships reads it.
import type { AddedPage } from "./site-content.js";

/** A "Backup Check" page at /services/backup-check with a priced package; pass `offer: null` for none. */
export function sampleAddedPage(changes: Partial<AddedPage> = {}): AddedPage {
  return {
    slug: "backup-check",
    name: "Backup Check",
    copy: {
      headline: "A Backup Check in one week",
      summary: "We restore a sample of your files and mailboxes to prove your backups work.",
      whatYouGet: ["A restore test of files, mailboxes and one laptop", "A written report"],
      howItWorks: [{ title: "Access", text: "You give us read access to the backup console." }],
      faqs: [{ question: "Do you change our backup settings?", answer: "Only with your approval." }],
      cta: { title: "Know your backups work", text: "Book a Backup Check." },
    },
    offer: {
      name: "Backup Check",
      duration: "1 week",
      durationNote: "from access received",
      limits: ["Up to 25 users"],
      priceCents: 75_000,
    },
    ...changes,
  };
}
