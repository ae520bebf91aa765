// The demo's knowledge base (docs/features.md §17): one article for each visibility, so the help centre,
// the client portal and the assistant have something to show, and so the assistant's evaluation can
// check that a company's own article answers it while another company's, an internal one and a draft
// never do (packages/api/src/assistant/eval/cases.ts asks about each).
import type { ArticleStatus, ArticleVisibility } from "@repo/validators";

export interface DemoArticle {
  title: string;
  slug: string;
  category: string;
  tags: string[];
  visibility: ArticleVisibility;
  /** For a `companies` article: the demo companies it is for. */
  companies?: ("Acme Dental" | "Birch Legal")[];
  status: ArticleStatus;
  body: string;
}

export const DEMO_ARTICLES: DemoArticle[] = [
  {
    title: "Sharing a large file securely with someone outside the company",
    slug: "share-large-files-securely",
    category: "How-to",
    tags: ["onedrive", "sharing", "attachments"],
    visibility: "public",
    status: "published",
    body: [
      "Email refuses attachments over about 25 MB, and an attachment cannot be taken back once it is sent. Share a link instead:",
      "",
      "1. Save the file in **OneDrive** (or a SharePoint library).",
      "2. Right-click it and choose **Share**, then **Specific people**, and type the recipient's address.",
      "3. Set an expiry date under the link settings and untick **Allow editing** unless they must edit it.",
      "4. Send. They get a code by email to open it, and you can stop sharing at any time.",
      "",
      "For patient or client records, never use a link that works for anyone who has it.",
    ].join("\n"),
  },
  {
    title: "Setting up the Authenticator app on a new phone",
    slug: "authenticator-app-new-phone",
    category: "Accounts and sign-in",
    tags: ["mfa", "authenticator", "phone"],
    visibility: "clients",
    status: "published",
    body: [
      "Keep your old phone until the new one works, if you still have it.",
      "",
      "1. Install **Microsoft Authenticator** on the new phone.",
      "2. On a computer, open **mysignins.microsoft.com**, choose **Security info**, then **Add sign-in method** and **Authenticator app**.",
      "3. Scan the QR code with the new phone and approve the test notification.",
      "4. Delete the old phone's entry from the list.",
      "",
      "Lost the old phone? Open a ticket: we clear the old method and you register the new one in about 5-10 minutes.",
    ].join("\n"),
  },
  {
    title: "Connecting to the Acme Dental VPN from home",
    slug: "acme-dental-vpn-from-home",
    category: "Remote work",
    tags: ["vpn", "forticlient", "remote"],
    visibility: "companies",
    companies: ["Acme Dental"],
    status: "published",
    body: [
      "The practice-management server is reachable from home only through the VPN.",
      "",
      "1. Open **FortiClient** (installed on every Acme laptop) and choose the **Acme Dental** connection.",
      "2. The server is `vpn.acmedental.example`; sign in with your Microsoft 365 address and password.",
      "3. Approve the sign-in in the Authenticator app.",
      "4. When the shield turns green, open the practice-management app as you would at the clinic.",
      "",
      "If it stops at 40%, restart the laptop and try again on a wired connection or another network.",
    ].join("\n"),
  },
  {
    title: "Printing to the boardroom printer at Birch Legal",
    slug: "birch-legal-boardroom-printer",
    category: "Printing",
    tags: ["printer", "xerox", "boardroom"],
    visibility: "companies",
    companies: ["Birch Legal"],
    status: "published",
    body: [
      "The boardroom printer is a Xerox AltaLink on the office network.",
      "",
      "1. Open **Settings**, then **Printers & scanners**, then **Add device**.",
      "2. Choose **Add manually** and enter `\\\\birch-print01\\Boardroom-Xerox`.",
      "3. Print a test page; secure print jobs release with your badge at the printer.",
    ].join("\n"),
  },
  {
    title: "Acme Dental firewall: admin notes",
    slug: "acme-dental-firewall-admin-notes",
    category: "Runbooks",
    tags: ["firewall", "fortigate", "runbook"],
    visibility: "internal",
    status: "published",
    body: [
      "FortiGate 60F at the clinic, managed from the staff vault entry **Acme FortiGate admin**.",
      "",
      "- Firmware updates on the second Tuesday, after 18:00.",
      "- The VPN portal's certificate renews through the ACME client on the firewall itself.",
    ].join("\n"),
  },
  {
    title: "Booking the training room projector",
    slug: "training-room-projector",
    category: "Meeting rooms",
    tags: ["projector", "booking"],
    visibility: "clients",
    status: "draft",
    body: "Book the projector with the room in Outlook: add **Training Room Projector** as a resource.",
  },
];
