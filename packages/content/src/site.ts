// The provider's identity: one object used by every page, email and JSON-LD block (docs/architecture.md).
export interface Site {
  name: string;
  adminPortalTitle: string;
  tagline: string;
  email: string;
  supportEmail: string;
  phone: string;
  location: string;
  city: string;
  region: string;
  country: string;
  timeZone: string;
  url: string;
  social: readonly { label: string; href: string }[];
}

export const site: Site = {
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
};
