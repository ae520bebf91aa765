import { createFileRoute } from "@tanstack/react-router";
import { ContactPage } from "../../features/contact/contact-page";
import { parseContactSearch } from "../../features/contact/contact-search";
import { titleHead } from "../../lib/page-title";

export const Route = createFileRoute("/_site/contact")({
  validateSearch: parseContactSearch,
  head: titleHead("Contact"),
  component: ContactPage,
});
