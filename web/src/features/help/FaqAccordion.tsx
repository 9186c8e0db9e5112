import { Accordion } from '../../components/ui/Accordion';
import type { FaqItem } from './faq';

const FAQ_CLASSES = { root: 'lv-faq', item: 'lv-faq__item', heading: 'lv-faq__heading', trigger: 'lv-faq__trigger', chevron: 'lv-faq__chevron', panel: 'lv-faq__panel' };

/** FAQ accordion: one answer open at a time; each question is a button controlling its answer region. */
export function FaqAccordion({ items, openId, onToggle }: { items: FaqItem[]; openId: string | null; onToggle: (id: string) => void }) {
  return (
    <Accordion
      items={items.map((item) => ({ id: item.id, title: item.question, body: item.answer.map((paragraph) => <p key={paragraph}>{paragraph}</p>) }))}
      openId={openId}
      onToggle={onToggle}
      classes={FAQ_CLASSES}
    />
  );
}
