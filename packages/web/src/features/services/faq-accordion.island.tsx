import { Accordion } from "@mantine/core";
import type { Faq } from "@repo/content";
import { island } from "../../islands/island";

/**
 * The FAQ of a service page (docs/product-spec.md §4): one answer open at a time, and a click on the open
 * question closes it. Answers stay in the HTML while closed, so they are readable without JavaScript.
 */
function FaqAccordion({ faqs }: { faqs: readonly Faq[] }) {
  return (
    <Accordion variant="separated" radius="md" chevronPosition="right">
      {faqs.map((faq, index) => (
        <Accordion.Item key={faq.question} value={`faq-${index}`}>
          <Accordion.Control>{faq.question}</Accordion.Control>
          <Accordion.Panel>{faq.answer}</Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}

export default island("services/faq-accordion", FaqAccordion);
