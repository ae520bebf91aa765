import { lazy, Suspense, useEffect, useState } from "react";
import { island } from "../../islands/island";
import { ContactForm } from "./contact-form";
import { parseContactSearch, type ContactSearch } from "./contact-search";

// Shown only after a send, so its code loads then rather than with the page.
const ContactThankYou = lazy(() => import("./contact-thank-you").then((m) => ({ default: m.ContactThankYou })));

/**
 * The enquiry form of /contact until a message is sent, then the Thank you card (docs/product-spec.md §2). It
 * reads ?service= and ?ref= from the address itself: the page is prerendered once for every query string.
 */
function ContactPanel() {
  const [search, setSearch] = useState<ContactSearch>({});
  const [sent, setSent] = useState(false);

  useEffect(() => {
    setSearch(parseContactSearch(Object.fromEntries(new URLSearchParams(window.location.search))));
  }, []);

  return sent ? (
    <Suspense>
      <ContactThankYou onSendAnother={() => setSent(false)} />
    </Suspense>
  ) : (
    <ContactForm service={search.service} origin={search.ref} onSent={() => setSent(true)} />
  );
}

export default island("contact/contact-panel", ContactPanel);
