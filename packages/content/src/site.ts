// The provider's identity: one object used by every page, email and JSON-LD block (docs/architecture.md).
export const site = {
  name: "Northwind IT",
  adminPortalTitle: "Northwind IT Admin Portal",
  tagline: "Modern IT solutions. No headaches. Just results.",
  email: "hello@northwind.test",
  supportEmail: "support@northwind.test",
  phone: "+1 (416) 555-0142",
  location: "Toronto, Canada",
  city: "Toronto",
  region: "ON",
  country: "CA",
  /** The provider's local time: its business hours, and the dates its emails and assistant write. */
  timeZone: "America/Toronto",
  url: "https://northwind.test",
  social: [
    { label: "LinkedIn", href: "#" },
    { label: "X", href: "#" },
  ],
} as const;
export type Site = typeof site;
