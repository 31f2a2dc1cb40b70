import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from "~/components/ui/accordion";
import type { Faq } from "~/content/types";

/** Frequently asked questions: one answer open at a time, and it can be closed again. */
export function FaqAccordion({ faqs }: { faqs: readonly Faq[] }) {
  return (
    <Accordion type="single" collapsible className="rounded-xl border border-border bg-background px-5 shadow-sm sm:px-6">
      {faqs.map((faq, index) => (
        <AccordionItem key={faq.question} value={`faq-${index + 1}`} className="last:border-b-0">
          <AccordionTrigger className="text-base">{faq.question}</AccordionTrigger>
          <AccordionContent className="text-base leading-relaxed">{faq.answer}</AccordionContent>
        </AccordionItem>
      ))}
    </Accordion>
  );
}
