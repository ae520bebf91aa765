// What the provider says about itself: the content of the service pages (summaries, what-you-get lists,
// steps, timelines, FAQs), the company facts and the offerings. Pure data, one source: the web pages render
// these objects and the AI assistant answers from them, so a page and the assistant can never disagree.
// Durations and limits come from promises.ts (docs/product-spec.md §9).
import type { QuoteService } from "@repo/validators/labels";
import { DEVICE_MANAGEMENT_PLATFORMS, DEVICE_MANAGEMENT_TIMELINES, PACKAGES, PROMISES } from "./promises.js";
import { site } from "./site.js";
import { CONTACT_PAGE } from "./site-texts.js";

export interface Faq {
  question: string;
  answer: string;
}

export interface ServiceStep {
  title: string;
  text: string;
}

export interface TimelineEntry {
  /** "Hours 0-4", "Day 1", "Days 2-3" */
  when: string;
  what: string;
}

export interface ContentCard {
  title: string;
  text: string;
  items: string[];
}

export interface ServiceContent {
  slug: QuoteService;
  /** The page's route. */
  path: string;
  /** The name in menus and on the page. */
  name: string;
  /** The fixed-scope duration shown as the hero badge, when the service is a package. */
  badge: string | null;
  headline: string;
  /** One or two sentences under the headline; also the assistant's short answer to "what is X". */
  summary: string;
  /** Content cards (Device Management, Email & Collaboration). */
  cards: ContentCard[];
  whatYouGet: string[];
  howItWorks: ServiceStep[];
  timeline: { title: string; entries: TimelineEntry[]; note?: string } | null;
  whatWeNeed: string[];
  /** Security Hardening Sprint only: the measures covered, in two lists. */
  securityMeasures: { identity: string[]; device: string[] } | null;
  /** The package's scope limits (promises.ts), shown on the page and on /pricing. */
  scope: readonly string[];
  /** Exactly five, as the spec's FAQ accordion shows. */
  faqs: Faq[];
  cta: { title: string; text: string };
}

const deviceTimelines = DEVICE_MANAGEMENT_TIMELINES.map((t) => `${t.devices} in ${t.time}`).join(", ");
const platforms = DEVICE_MANAGEMENT_PLATFORMS.join(", ");

const emailDeliverability: ServiceContent = {
  slug: "email-deliverability",
  path: "/services/email-deliverability",
  name: "Email Deliverability",
  badge: PACKAGES["email-deliverability"].duration,
  headline: "Email Deliverability Optimization",
  summary: `Stop landing in spam. We audit every service that sends mail as your domain, fix SPF, DKIM and DMARC, and hand you a clean report within ${PACKAGES["email-deliverability"].duration} ${PACKAGES["email-deliverability"].durationNote}.`,
  cards: [],
  whatYouGet: [
    "An audit of every service that sends email as your domain: Microsoft 365 or Google Workspace, your website, newsletter, CRM, booking and invoicing tools",
    "SPF, DKIM and DMARC records written, published and aligned, without breaking any sender",
    "Blocklist and sender-reputation check with the delisting requests filed where needed",
    "A 14-day monitoring checklist to read your DMARC reports and tighten the policy safely",
    "A plain-English summary of what we changed and why, with before-and-after test results",
  ],
  howItWorks: [
    {
      title: "Intro call and access",
      text: "A 15-minute intro call to list your senders, then you give us access to your DNS and your email admin console.",
    },
    {
      title: "Audit and fix",
      text: "We test how your mail is received today, find every sending service and publish corrected SPF, DKIM and DMARC records.",
    },
    {
      title: "Verify and hand off",
      text: "We send test messages to the major mailbox providers, confirm they pass, and walk you through the report and the monitoring checklist.",
    },
  ],
  timeline: {
    title: "48 hours from access received",
    entries: [
      { when: "Hours 0-4", what: "Intro call recap, inventory of sending services, baseline deliverability tests" },
      {
        when: "Hours 4-24",
        what: "SPF, DKIM and DMARC records prepared and published; blocklist checks and delisting requests",
      },
      {
        when: "Hours 24-48",
        what: "Verification tests across Gmail, Outlook and Yahoo, report and 14-day monitoring checklist delivered",
      },
    ],
    note: "The clock starts when we have access to your DNS and email admin console.",
  },
  whatWeNeed: [],
  securityMeasures: null,
  scope: PACKAGES["email-deliverability"].limits,
  faqs: [
    {
      question: "How long does email deliverability optimization take?",
      answer:
        "48 hours from the moment we receive access to your DNS and email admin console. It starts with a 15-minute intro call and ends with a report and a 14-day monitoring checklist.",
    },
    {
      question: "Why are my emails going to spam?",
      answer:
        "Usually because the receiving server cannot verify that the message really comes from you: missing or conflicting SPF, DKIM not signed, no DMARC policy, or a newsletter or CRM tool sending as your domain without authorisation. Less often, your domain or IP is on a blocklist. The audit checks all of these.",
    },
    {
      question: "What are SPF, DKIM and DMARC?",
      answer:
        "SPF lists the servers allowed to send mail for your domain, DKIM signs each message so it cannot be altered on the way, and DMARC tells receivers what to do when a message fails those checks and sends you reports about it. Together they prove your mail is genuine.",
    },
    {
      question: "Will my email stop working while you make changes?",
      answer:
        "No. DNS changes are made in an order that keeps every legitimate sender passing, and the DMARC policy starts in monitoring mode. The 14-day checklist tells you when it is safe to move to a stricter policy.",
    },
    {
      question: "What do I need to provide?",
      answer:
        "Access to your DNS provider (for example GoDaddy, Cloudflare or your web host) and admin access to Microsoft 365 or Google Workspace, plus 15 minutes for the intro call to list the tools that send email for you.",
    },
  ],
  cta: {
    title: "Get your email into the inbox",
    text: "Tell us which tools send mail for you and we will have your domain authenticated within 48 hours of access.",
  },
};

const intuneFastStart: ServiceContent = {
  slug: "intune-fast-start",
  path: "/services/intune-fast-start",
  name: "Identity & Device Fast Start",
  badge: PACKAGES["intune-fast-start"].duration,
  headline: "Identity & Device Fast Start",
  summary:
    "Secure sign-ins and managed devices in 3 business days: multi-factor authentication for your team, up to 10 devices enrolled in Microsoft Intune with baseline policies, and 2 of your apps deployed automatically.",
  cards: [],
  whatYouGet: [
    "Microsoft Entra ID sign-in baseline: multi-factor authentication for every user and legacy sign-in methods blocked",
    "Up to 10 Windows, macOS, iOS or Android devices enrolled in Microsoft Intune",
    "Compliance and configuration policies: disk encryption, screen lock and PIN, automatic OS updates, firewall and antivirus",
    "2 app deployments packaged and pushed to devices automatically (for example Microsoft 365 apps and your practice or accounting software)",
    "A 60-minute admin handoff with written documentation of every policy we set",
  ],
  howItWorks: [
    {
      title: "Plan",
      text: "We review your Microsoft 365 tenant, licences and device list, and agree the baseline policies and the 2 apps to deploy.",
    },
    {
      title: "Enrol",
      text: "We configure Intune and sign-in protection, then enrol each device with its user; enrolment takes 15-30 minutes per device.",
    },
    {
      title: "Hand off",
      text: "We confirm every device reports compliant, then spend 60 minutes showing your admin how to add devices, users and apps.",
    },
  ],
  timeline: {
    title: "3 business days from kickoff",
    entries: [
      { when: "Day 1", what: "Tenant review, MFA and sign-in baseline, Intune compliance and configuration policies" },
      { when: "Day 2", what: "Device enrolment (15-30 minutes per device) and the 2 app deployments" },
      { when: "Day 3", what: "Compliance checks, fixes, documentation and the 60-minute admin handoff" },
    ],
  },
  whatWeNeed: [
    "Global Administrator access to your Microsoft 365 tenant",
    "A Microsoft 365 Business Premium (or Intune) licence for each user",
    "A list of the devices and their users, and the 2 apps to deploy",
    "15-30 minutes with each device's user for enrolment",
  ],
  securityMeasures: null,
  scope: PACKAGES["intune-fast-start"].limits,
  faqs: [
    {
      question: "How long does the Identity & Device Fast Start take?",
      answer:
        "3 business days from kickoff: policies on day 1, device enrolment and app deployments on day 2, checks and the 60-minute admin handoff on day 3.",
    },
    {
      question: "How many devices are included?",
      answer:
        "Up to 10 devices and 2 app deployments. Larger fleets are covered by our Device Management service: 10-25 devices take about 1 week and 25+ devices about 2 weeks.",
    },
    {
      question: "How long does enrolment take for each device?",
      answer:
        "15-30 minutes per device, with its user present to sign in and approve multi-factor authentication. We schedule the slots with you in advance so nobody loses half a day.",
    },
    {
      question: "Which licences do we need?",
      answer:
        "Microsoft 365 Business Premium includes everything the Fast Start uses (Entra ID sign-in protection and Intune). Business Standard users need an Intune licence added; we check this with you before kickoff.",
    },
    {
      question: "Can you manage personal phones without touching personal data?",
      answer:
        "Yes. Personal iOS and Android phones can use app protection only: company email and files stay in a protected container that we can wipe, while photos and personal apps are never visible to us or your company.",
    },
  ],
  cta: {
    title: "Get secure sign-ins and managed devices this week",
    text: "Book a consultation and we will confirm licences and schedule your 3-day Fast Start.",
  },
};

const cloudMigrationLite: ServiceContent = {
  slug: "cloud-migration-lite",
  path: "/services/cloud-migration-lite",
  name: "Cloud Migration Lite",
  badge: PACKAGES["cloud-migration-lite"].duration,
  headline: "Cloud Migration Lite",
  summary:
    "Move your office suite from one platform to a competing one, in either direction (Google Workspace to Microsoft 365 or Microsoft 365 to Google Workspace), for up to 20 users in 7 business days, with mail and files migrated and a business day of hypercare.",
  cards: [],
  whatYouGet: [
    "Migration plan and schedule agreed with you before anything moves",
    "Post-cutover verification list, checked user by user",
    "1 business day of hypercare support after cutover",
    "User quick start guide for the new platform",
    "Complete mailbox and file migration: email, calendars, contacts and shared files",
  ],
  howItWorks: [
    {
      title: "Assessment and planning",
      text: "We inventory users, mailboxes, shared drives and permissions, then agree the schedule and the cutover window with you.",
    },
    {
      title: "Pre-migration and testing",
      text: "We set up the new platform, copy historic mail and files in the background and test with a pilot user.",
    },
    {
      title: "Cutover and verification",
      text: "We switch your MX records in the agreed window, sync the last changes and verify every user with the post-cutover list.",
    },
  ],
  timeline: {
    title: "7 business days from kickoff to hypercare",
    entries: [
      { when: "Days 1-3", what: "Planning and setup: inventory, schedule, new tenant and user accounts" },
      { when: "Days 4-5", what: "Pre-migration and testing: historic mail and files copied, pilot user verified" },
      { when: "Days 6-7", what: "Cutover and verification: MX switch, final sync, user-by-user checks" },
    ],
    note: "Plus one business day of hypercare after cutover.",
  },
  whatWeNeed: [
    "Admin access to both platforms",
    "DNS access for the MX records",
    "A user list with email addresses and file share permissions",
    "Your preferred cutover window",
  ],
  securityMeasures: null,
  scope: PACKAGES["cloud-migration-lite"].limits,
  faqs: [
    {
      question: "How long does a cloud migration take?",
      answer:
        "7 business days for up to 20 users: days 1-3 planning and setup, days 4-5 pre-migration and testing, days 6-7 cutover and verification, followed by 1 business day of hypercare.",
    },
    {
      question: "How much email downtime should we expect?",
      answer:
        "Typically 2-4 hours of email downtime at cutover, while the MX records switch over. We schedule it in your preferred window, often an evening or a weekend, and no mail is lost: messages queue and arrive once the switch completes.",
    },
    {
      question: "How many users does Cloud Migration Lite cover?",
      answer:
        "Up to 20 users. Larger organisations or complex setups (several domains, archives, third-party integrations) get a custom quote after a consultation.",
    },
    {
      question: "Do you migrate files and calendars as well as email?",
      answer:
        "Yes: mailboxes with their full history, calendars, contacts and shared files, with file share permissions mapped to the new platform.",
    },
    {
      question: "What happens after cutover?",
      answer:
        "You get 1 business day of hypercare: we stay on call to fix anything a user notices, and we work through the post-cutover verification list with you. Each user also receives a quick start guide for the new platform.",
    },
  ],
  cta: {
    title: "Ready to switch platforms?",
    text: "Tell us how many users you have and where you are moving; we will send a plan and a cutover date.",
  },
};

const securityHardeningSprint: ServiceContent = {
  slug: "security-hardening-sprint",
  path: "/services/security-hardening-sprint",
  name: "Security Hardening Sprint",
  badge: PACKAGES["security-hardening-sprint"].duration,
  headline: "Security Hardening Sprint",
  summary:
    "In 5 business days we review your identity and tenant setup, turn on multi-factor authentication and conditional access, encrypt your disks and manage local admin passwords, then train your team in a 30-minute live session.",
  cards: [],
  whatYouGet: [
    "Identity and tenant review with a prioritised list of findings",
    "Multi-factor authentication enforced for every user",
    "Conditional access policies that block risky and unmanaged sign-ins",
    "Disk encryption (BitLocker or FileVault) with recovery keys escrowed",
    "Local admin password management (Windows LAPS), documentation and a 30-minute live training session",
  ],
  howItWorks: [
    {
      title: "Assessment",
      text: "We review accounts, admin roles, sign-in logs, sharing settings and devices against a small-business security baseline.",
    },
    {
      title: "Implement protections",
      text: "We enforce MFA, add conditional access, encrypt disks and rotate local admin passwords automatically.",
    },
    {
      title: "Training and documentation",
      text: "A 30-minute live session shows your team what changed and how to spot phishing; you keep written documentation of every setting.",
    },
  ],
  timeline: {
    title: "5 business days from kickoff",
    entries: [
      { when: "Day 1", what: "Assessment of identity, tenant settings and devices" },
      { when: "Days 2-3", what: "MFA enrolment and access controls" },
      { when: "Day 4", what: "Device encryption and local admin password management" },
      { when: "Day 5", what: "Testing, documentation and training handoff" },
    ],
  },
  whatWeNeed: [
    "Global Administrator access",
    "Admin rights on your devices",
    "A user list with role definitions",
    "5-10 minutes of MFA enrolment per person",
  ],
  securityMeasures: {
    identity: [
      "Multi-factor authentication for every account",
      "Conditional access: block legacy sign-ins and risky locations",
      "Admin roles reviewed and separated from daily accounts",
      "Secure defaults for external sharing and guest access",
    ],
    device: [
      "Full-disk encryption with escrowed recovery keys",
      "Local admin password management (Windows LAPS)",
      "Automatic operating system updates",
      "Firewall and antivirus policies checked on every device",
    ],
  },
  scope: PACKAGES["security-hardening-sprint"].limits,
  faqs: [
    {
      question: "How long does the Security Hardening Sprint take?",
      answer:
        "5 business days: assessment on day 1, MFA and access controls on days 2-3, device encryption and local admin password management on day 4, and testing, documentation and a 30-minute training handoff on day 5.",
    },
    {
      question: "How long does MFA enrolment take per person?",
      answer:
        "5-10 minutes per user, on their phone with the authenticator app. We book short slots with each person so the team keeps working.",
    },
    {
      question: "What do you need from us for the security sprint?",
      answer:
        "Global Administrator access, admin rights on your devices, a user list with role definitions, and 5-10 minutes of each person's time for MFA enrolment.",
    },
    {
      question: "Will the changes lock anyone out?",
      answer:
        "No. Conditional access starts in report-only mode, we keep a break-glass admin account, and we enforce each policy only after checking it against your real sign-ins.",
    },
    {
      question: "Is there training for the team?",
      answer:
        "Yes, a 30-minute live session on day 5 covering MFA prompts, phishing warning signs and how to report something suspicious, plus written documentation for your admin.",
    },
  ],
  cta: {
    title: "Close the gaps attackers look for first",
    text: "Book a consultation and we will schedule your 5-day sprint.",
  },
};

const deviceManagement: ServiceContent = {
  slug: "device-management",
  path: "/device-management",
  name: "Device Management",
  badge: null,
  headline: "Device Management",
  summary: `Every laptop, desktop, tablet and phone set up the same way, kept updated, encrypted and monitored, on ${platforms}.`,
  cards: [
    {
      title: "One-time setup",
      text: `We enrol your devices in central management and apply one secure standard to all of them: ${deviceTimelines}.`,
      items: [
        "Enrolment in Microsoft Intune (or Apple Business Manager for Macs and iPads)",
        "Disk encryption, screen lock and password rules",
        "Standard apps installed automatically on every new device",
        "New devices ready to use out of the box, with no manual imaging",
      ],
    },
    {
      title: "Ongoing monitoring",
      text: "Once your devices are managed we watch over them, so problems are fixed before anyone calls.",
      items: [
        "Operating system and app updates applied on a schedule",
        "Alerts for devices that stop checking in or lose encryption",
        "Lost or stolen devices locked or wiped remotely",
        "An inventory with warranty dates and compliance status in your client portal",
      ],
    },
  ],
  whatYouGet: [],
  howItWorks: [],
  timeline: {
    title: "Setup timelines",
    entries: DEVICE_MANAGEMENT_TIMELINES.map((t) => ({ when: t.devices, what: t.time })),
  },
  whatWeNeed: [],
  securityMeasures: null,
  scope: [],
  faqs: [
    {
      question: "Which devices and platforms do you support?",
      answer: `${platforms}: laptops, desktops, tablets and phones, company-owned or personal.`,
    },
    {
      question: "How long does device management setup take?",
      answer: `It depends on the number of devices: ${deviceTimelines}.`,
    },
    {
      question: "What happens if a laptop is lost or stolen?",
      answer:
        "Its disk is encrypted, so the data cannot be read. Tell us (or open a P1 ticket) and we lock or wipe it remotely, then set up a replacement from your spare stock.",
    },
    {
      question: "Will managing devices slow down my team?",
      answer:
        "No. Updates install outside working hours where possible and users keep working as usual; most people only notice that new laptops arrive ready to use.",
    },
    {
      question: "Can I see my devices and their status?",
      answer:
        "Yes. The client portal's device inventory lists every device with its user, warranty date and compliance status, flags devices at risk, and exports to CSV.",
    },
  ],
  cta: {
    title: "Get every device under control",
    text: "Tell us how many devices you have and we will give you a setup date.",
  },
};

const emailCollaboration: ServiceContent = {
  slug: "email-collaboration",
  path: "/email-collaboration",
  name: "Email & Collaboration",
  badge: null,
  headline: "Email & Collaboration",
  summary: `Microsoft 365 and Google Workspace set up properly and kept running: email issues answered in ${PROMISES.emailIssueResponse}, migrations done in ${PROMISES.emailMigration}, and mail protected against phishing and spoofing.`,
  cards: [
    {
      title: "Troubleshooting and setup",
      text: `Email problems answered in ${PROMISES.emailIssueResponse}, and new setups done right the first time.`,
      items: [
        "Microsoft 365 and Google Workspace setup and administration",
        "Shared mailboxes, calendars, distribution lists and Teams or Google Chat",
        "Sync problems on phones, tablets and Outlook fixed",
        `Email migrations between providers in ${PROMISES.emailMigration}`,
      ],
    },
    {
      title: "Email security",
      text: "Keep phishing out and stop others from sending mail in your name.",
      items: [
        "SPF, DKIM and DMARC configured and monitored",
        "Spam and phishing filtering tuned for your business",
        "Multi-factor authentication on every mailbox",
        "External sender warnings and safe-link checks",
      ],
    },
  ],
  whatYouGet: [],
  howItWorks: [],
  timeline: null,
  whatWeNeed: [],
  securityMeasures: null,
  scope: [],
  faqs: [
    {
      question: "How quickly do you respond to email issues?",
      answer: `Within ${PROMISES.emailIssueResponse} during business hours. If email is down for your whole business, open a P1 (critical) ticket: critical issues are answered within ${PROMISES.criticalResponse}.`,
    },
    {
      question: "How long does an email migration take?",
      answer: `Typically ${PROMISES.emailMigration}, depending on the number of mailboxes and how much history they hold. For up to 20 users our Cloud Migration Lite package does it in 7 business days.`,
    },
    {
      question: "Do you work with Microsoft 365 and Google Workspace?",
      answer:
        "Both. We set up, administer and troubleshoot either platform, and move you from one to the other in either direction.",
    },
    {
      question: "Can you stop phishing emails and spoofing of our domain?",
      answer:
        "Yes. We tune spam and phishing filtering, add external sender warnings, and configure SPF, DKIM and DMARC so nobody can send mail pretending to be you.",
    },
    {
      question: "Can you set up shared mailboxes and calendars?",
      answer:
        "Yes: shared mailboxes such as info@ or reception@, shared and room calendars, distribution lists and Teams or Google Chat spaces, with the right people given access.",
    },
  ],
  cta: {
    title: "Make email the one thing you never think about",
    text: "Book a consultation to fix a problem or plan your setup.",
  },
};

/** The six service pages of docs/product-spec.md §2, by slug. */
export const SERVICES: Record<QuoteService, ServiceContent> = {
  "email-deliverability": emailDeliverability,
  "intune-fast-start": intuneFastStart,
  "cloud-migration-lite": cloudMigrationLite,
  "security-hardening-sprint": securityHardeningSprint,
  "device-management": deviceManagement,
  "email-collaboration": emailCollaboration,
};

/** The two feature pages (/app-cloud and /security): five bullets each. */
export const FEATURE_PAGES = {
  "app-cloud": {
    path: "/app-cloud",
    title: "App & Cloud Setup",
    summary: "The business apps your team relies on, set up securely and connected to the accounts they already use.",
    features: [
      "Microsoft 365 or Google Workspace tenants set up and configured",
      "Single sign-on for your business apps with your existing accounts",
      "Line-of-business software installed, licensed and updated",
      "Cloud file storage and sharing organised with the right permissions",
      "Backups of your cloud mail and files, with restores tested",
    ],
    intro:
      "Whether you're opening a new office or untangling years of sign-ups, we choose, configure and connect the " +
      "cloud tools your team relies on, and leave you with accounts you own and documentation you can follow.",
    image: { src: "/images/app-cloud.svg", alt: "Cloud applications connected to a small office" },
    /** The ref of the page's Book a Consultation link (/contact?ref=app-cloud). */
    contactRef: "app-cloud",
  },
  security: {
    path: "/security",
    title: "Security",
    summary:
      "Practical protection sized for a small business: the controls that stop real attacks, without the jargon.",
    features: [
      "Multi-factor authentication on every account",
      "Device encryption and automatic updates",
      "Email filtering against phishing and spoofing",
      "Backups with tested restores",
      "Security awareness training for your team",
    ],
    intro:
      "You don't need an enterprise security team to stop the attacks that actually hit small offices: phishing, " +
      "stolen passwords and lost laptops. We put the protections in place and keep them working.",
    image: { src: "/images/security.svg", alt: "A shield protecting a laptop and a phone" },
    /** The ref of the page's Book a Consultation link (/contact?ref=security). */
    contactRef: "security",
  },
} as const;

/** The three ways the provider works (docs/product-spec.md §1); priced on request, never invented. */
export const OFFERINGS = [
  {
    id: "managed-it",
    name: "Managed IT",
    summary:
      "Proactive monitoring, updates, security and support for your whole team, for a predictable monthly fee quoted to your size. No bloated retainers.",
    pricing: "Quote on request",
  },
  {
    id: "projects",
    name: "Projects and contract work",
    summary:
      "Migrations, troubleshooting and upgrades with a fixed scope, either as one of our fixed-scope packages or quoted after a consultation.",
    pricing: "Fixed-scope packages, or quote on request",
  },
  {
    id: "help-desk",
    name: "Help desk support",
    summary:
      "On-site in the Toronto area or remote help when your team needs it, through tickets answered by real people, with no endless queues.",
    pricing: "Quote on request",
  },
] as const;

/** About the provider: the questions every page and the assistant may be asked. */
export const COMPANY_FAQS: Faq[] = [
  {
    question: "How quickly will you reply to my message or enquiry?",
    answer: `Within ${PROMISES.replyWithin}, ${PROMISES.replyDays}. Critical issues (P1: business stopped) are answered within ${PROMISES.criticalResponse}.`,
  },
  {
    question: "How fast do you respond to a critical issue or outage?",
    answer: `Within ${PROMISES.criticalResponse}, around the clock, for P1 (critical: business stopped) tickets. Email issues are answered in ${PROMISES.emailIssueResponse}, and other requests within ${PROMISES.replyWithin}.`,
  },
  {
    question: "What size of business do you work with?",
    answer: `Teams of roughly ${PROMISES.teamSize}: dental and medical practices, law and accounting firms, agencies and other offices that need IT done properly without a full-time IT person.`,
  },
  {
    question: "Where are you located and do you come on site?",
    answer: `We are based in ${site.location}. Help desk support is remote or on-site in the Toronto area, whichever fixes the problem faster.`,
  },
  {
    question: "How much do your services cost? Do you have pricing?",
    answer:
      "Our fixed-scope packages have a set duration and scope (Email Deliverability 48 hours, Identity & Device Fast Start 3 business days, Security Hardening Sprint 5 business days, Cloud Migration Lite 7 business days), quoted when you book. Managed IT and help desk are quoted on request to your team's size, with no bloated retainers. The /pricing page lists every package and its scope.",
  },
  {
    question: "What are your business hours?",
    answer: `Monday to Friday, 9:00 to 17:00 Toronto time. P1 (critical) issues are handled around the clock with a response within ${PROMISES.criticalResponse}.`,
  },
  {
    question: "How much experience does your team have?",
    answer: `${PROMISES.experience.charAt(0).toUpperCase()}${PROMISES.experience.slice(1)} of experience running IT for small businesses. We promise to be reliable and responsive, with no surprises and no tech jargon.`,
  },
  {
    question: "What services do you offer?",
    answer:
      "Managed IT (proactive monitoring, updates, security and support), projects and contract work (migrations, troubleshooting, upgrades) and help desk support on-site or remote. Fixed-scope packages: Email Deliverability, Identity & Device Fast Start, Cloud Migration Lite and the Security Hardening Sprint; plus Device Management and Email & Collaboration.",
  },
  {
    question: "How do I contact you or book a consultation?",
    answer: `Use the contact form (Book a Consultation) or email ${site.email}; we reply within ${PROMISES.replyWithin}, ${PROMISES.replyDays}. You can also call ${site.phone}.`,
  },
  {
    question: "What do the ticket priorities mean?",
    answer:
      "P1 Critical: business stopped (answered within 2 hours, around the clock). P2 High: major impact. P3 Normal: a standard request (the default). P4 Low: a minor issue.",
  },
];

// ---- The rest of the public website: Home, About, Contact, the public ticket form and /pricing ----

/** A page's search-engine and social-preview text. */
export interface PageSeo {
  /** The <title> without the " | Northwind IT" suffix. */
  title: string;
  description: string;
}

export interface SiteImage {
  src: string;
  alt: string;
}

export const HOME_PAGE = {
  path: "/",
  headline: "Small Business IT. Without the Headaches.",
  subheadline: `Managed IT, projects and help desk support for Toronto teams of ${PROMISES.teamSize}. No bloated retainers. No endless ticket queues. No tech jargon.`,
  /** The three service cards are OFFERINGS; this is the section that follows them. */
  why: {
    title: "IT That Fits Your Business",
    text: "Big-company IT doesn't fit a ten-person office. We keep the parts that matter (security, reliability and fast answers) and drop the rest.",
    points: [
      {
        title: "No bloated retainers",
        text: "Pay for the managed services you use, or book a fixed-scope package with its scope and duration agreed before we start.",
      },
      {
        title: "No endless ticket queues",
        text: `Critical issues answered within ${PROMISES.criticalResponse}; every other message within ${PROMISES.replyWithin}, ${PROMISES.replyDays}.`,
      },
      {
        title: "No tech jargon",
        text: "Plain explanations, written documentation, and recommendations you can actually decide on.",
      },
    ],
  },
} as const;

export const ABOUT_PAGE = {
  path: "/about",
  title: `About ${site.name}`,
  subtitle: "Reliable, responsive IT for Toronto's small businesses. No surprises.",
  image: { src: "/images/about.svg", alt: `The ${site.name} team at work in Toronto` } satisfies SiteImage,
  paragraphs: [
    `${site.name} was started by engineers with ${PROMISES.experience} of experience running IT for offices across Toronto: dental clinics, law firms, accountants, design studios and non-profits. Again and again we saw small teams paying for bloated retainers they never used, or waiting days in a ticket queue for a five-minute fix.`,
    `So we work differently. We look after teams of ${PROMISES.teamSize} with managed IT, fixed-scope projects and help desk support, on-site or remote. You talk to an engineer who knows your setup; critical issues are answered within ${PROMISES.criticalResponse}, and every other message gets a reply within ${PROMISES.replyWithin}.`,
    "Our promise is simple: reliable and responsive, with no surprises. Projects have their scope and timeline agreed before they start, we explain things without tech jargon, and if something will cost more, you hear it from us first, not on the invoice.",
  ],
  contactRef: "about",
} as const;

/** A fixed-scope package as /pricing lists it: its duration and scope limits, never a price. */
export interface PricingPackage {
  slug: keyof typeof PACKAGES;
  name: string;
  path: string;
  duration: string;
  durationNote: string;
  limits: readonly string[];
  summary: string;
}

export const PRICING_PAGE = {
  path: "/pricing",
  title: "Pricing",
  subtitle:
    "Fixed-scope packages with a set duration and scope, quoted before we start. Ongoing services are quoted to your team's size. No bloated retainers, no surprises on the invoice.",
  fixedScope: (Object.keys(PACKAGES) as (keyof typeof PACKAGES)[]).map(
    (slug): PricingPackage => ({
      slug,
      name: PACKAGES[slug].name,
      path: SERVICES[slug].path,
      duration: PACKAGES[slug].duration,
      durationNote: PACKAGES[slug].durationNote,
      limits: PACKAGES[slug].limits,
      summary: SERVICES[slug].summary,
    }),
  ),
  /** Managed IT and help desk: quoted on request (contact form services managed-it and help-desk). */
  onQuote: OFFERINGS.filter((o) => o.id === "managed-it" || o.id === "help-desk"),
  note: "Every quote is fixed before work starts. If the scope changes, you approve the change first.",
} as const;

/** <title> (the page's own name) and meta description of every marketing route, by path; the route heads and so the prerender read it. */
export const PAGE_SEO: Record<string, PageSeo> = {
  "/": {
    title: "Small Business IT Support in Toronto",
    description: `Managed IT, fixed-scope projects and help desk support for Toronto teams of ${PROMISES.teamSize}. Critical issues answered in ${PROMISES.criticalResponse}. ${site.tagline}`,
  },
  "/about": {
    title: "About",
    description: `${site.name}: ${PROMISES.experience} of IT experience serving Toronto teams of ${PROMISES.teamSize}. Reliable, responsive, no surprises.`,
  },
  "/contact": {
    title: "Contact Us",
    description: `Ask for a quote or book a consultation with ${site.name} in ${site.location}. We reply within ${PROMISES.replyWithin} (${PROMISES.replyDays}).`,
  },
  "/pricing": {
    title: "Pricing",
    description:
      "Fixed-scope IT packages with set durations: Email Deliverability in 48 hours, Identity & Device Fast Start in 3 business days, Security Hardening Sprint in 5, Cloud Migration Lite in 7. Managed IT and help desk on quote.",
  },
  "/status": {
    title: "Service Status",
    description: `The current state of the services ${site.name} manages, the incidents of the last 90 days with their updates, and status mail.`,
  },
  "/submit-ticket": {
    title: "Submit a Support Ticket",
    description: `Existing ${site.name} clients can raise a support ticket here. Critical issues answered within ${PROMISES.criticalResponse}.`,
  },
  "/app-cloud": {
    title: "App & Cloud Setup",
    description: `Microsoft 365, Google Workspace, single sign-on, line-of-business apps and cloud backup set up properly for Toronto teams of ${PROMISES.teamSize}.`,
  },
  "/security": {
    title: "Security",
    description: `Multi-factor authentication, device encryption, email protection, tested backups and staff training for teams of ${PROMISES.teamSize}.`,
  },
  "/services/email-deliverability": {
    title: "Email Deliverability Optimization",
    description: `SPF, DKIM and DMARC fixed for your domain within ${PACKAGES["email-deliverability"].duration} ${PACKAGES["email-deliverability"].durationNote}, with a 14-day monitoring checklist and a 15-minute intro call.`,
  },
  "/services/intune-fast-start": {
    title: "Identity & Device Fast Start",
    description: `Microsoft Entra ID and Intune set up in ${PACKAGES["intune-fast-start"].duration} for up to 10 devices, with 2 app deployments and a 60-minute admin handoff.`,
  },
  "/services/cloud-migration-lite": {
    title: "Cloud Migration Lite",
    description: `Move between Google Workspace and Microsoft 365 in either direction in ${PACKAGES["cloud-migration-lite"].duration} for up to 20 users, with 1 business day of hypercare.`,
  },
  "/services/security-hardening-sprint": {
    title: "Security Hardening Sprint",
    description: `In ${PACKAGES["security-hardening-sprint"].duration}: identity and tenant review, MFA, conditional access, disk encryption and local admin password management, with a 30-minute live training session.`,
  },
  "/device-management": {
    title: "Device Management",
    description: `Setup and ongoing monitoring of ${platforms} devices: ${deviceTimelines}.`,
  },
  "/email-collaboration": {
    title: "Email & Collaboration",
    description: `Microsoft 365 and Google Workspace setup, troubleshooting and email security. Email issues answered in ${PROMISES.emailIssueResponse}; migrations in ${PROMISES.emailMigration}.`,
  },
};

// ---- A flat list for the assistant ----

export interface KnowledgeEntry {
  /** Stable id, e.g. "service:email-deliverability:faq:2". */
  id: string;
  title: string;
  text: string;
  /** The site path the passage comes from, for a "read more" link. */
  source: string;
}

/** Every piece of site content as small self-contained passages the assistant can index and cite. */
export function knowledgeEntries(): KnowledgeEntry[] {
  const entries: KnowledgeEntry[] = [];
  const add = (id: string, title: string, text: string, source: string) => entries.push({ id, title, text, source });
  const sentence = (items: readonly string[]) => `${items.join("; ")}.`;

  add(
    "company",
    site.name,
    `${site.name} is an IT services provider in ${site.location} for teams of ${PROMISES.teamSize}, with ${PROMISES.experience} of experience. ${site.tagline} ` +
      `We reply within ${PROMISES.replyWithin} (${PROMISES.replyDays}); critical issues are answered within ${PROMISES.criticalResponse}, email issues within ${PROMISES.emailIssueResponse}. ` +
      `Contact: ${site.email}, ${site.phone}.`,
    "/about",
  );
  for (const o of OFFERINGS) add(`offering:${o.id}`, o.name, `${o.summary} Pricing: ${o.pricing}.`, "/");
  add(
    "home:why",
    HOME_PAGE.why.title,
    [HOME_PAGE.why.text, ...HOME_PAGE.why.points.map((p) => `${p.title}: ${p.text}`)].join(" "),
    "/",
  );
  add("about", ABOUT_PAGE.title, ABOUT_PAGE.paragraphs.join(" "), ABOUT_PAGE.path);

  for (const s of Object.values(SERVICES)) {
    const id = `service:${s.slug}`;
    add(id, s.headline, s.badge ? `${s.summary} Duration: ${s.badge}.` : s.summary, s.path);
    for (const [i, c] of s.cards.entries())
      add(`${id}:card:${i + 1}`, `${s.name}: ${c.title}`, `${c.text} ${sentence(c.items)}`, s.path);
    if (s.whatYouGet.length) add(`${id}:what-you-get`, `${s.name}: what you get`, sentence(s.whatYouGet), s.path);
    if (s.howItWorks.length)
      add(
        `${id}:how-it-works`,
        `${s.name}: how it works`,
        s.howItWorks.map((st, i) => `${i + 1}. ${st.title}: ${st.text}`).join(" "),
        s.path,
      );
    if (s.timeline)
      add(
        `${id}:timeline`,
        `${s.name}: ${s.timeline.title}`,
        s.timeline.entries.map((e) => `${e.when}: ${e.what}.`).join(" ") +
          (s.timeline.note ? ` ${s.timeline.note}` : ""),
        s.path,
      );
    if (s.whatWeNeed.length)
      add(`${id}:what-we-need`, `${s.name}: what we need from you`, sentence(s.whatWeNeed), s.path);
    if (s.scope.length) add(`${id}:scope`, `${s.name}: scope`, sentence(s.scope), s.path);
    if (s.securityMeasures) {
      add(`${id}:identity-protection`, `${s.name}: Identity Protection`, sentence(s.securityMeasures.identity), s.path);
      add(`${id}:device-security`, `${s.name}: Device Security`, sentence(s.securityMeasures.device), s.path);
    }
    for (const [i, f] of s.faqs.entries()) add(`${id}:faq:${i + 1}`, f.question, f.answer, s.path);
  }

  for (const [key, page] of Object.entries(FEATURE_PAGES))
    add(`page:${key}`, page.title, `${page.summary} ${page.intro} ${sentence(page.features)}`, page.path);
  for (const p of PRICING_PAGE.fixedScope)
    add(
      `pricing:${p.slug}`,
      `${p.name}: duration and scope`,
      `${p.name} takes ${p.duration} ${p.durationNote}. Scope: ${sentence(p.limits)} Quoted as a fixed price before work starts.`,
      PRICING_PAGE.path,
    );
  for (const [i, f] of COMPANY_FAQS.entries()) add(`company:faq:${i + 1}`, f.question, f.answer, "/about");
  add(
    "contact",
    "How to contact us",
    `Send an enquiry at /contact or email ${site.email}; we are in ${site.location}. ${CONTACT_PAGE.notice} Existing clients can raise a support ticket at /submit-ticket or in the client portal.`,
    CONTACT_PAGE.path,
  );
  return entries;
}
