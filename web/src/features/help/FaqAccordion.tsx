import { useId } from 'react';
import { ChevronDownIcon } from '../../components/ui/icons';
import type { FaqItem } from './faq';

/** FAQ accordion: one answer open at a time; each question is a button controlling its answer region. */
export function FaqAccordion({
  items,
  openId,
  onToggle,
}: {
  items: FaqItem[];
  openId: string | null;
  onToggle: (id: string) => void;
}) {
  const base = useId();
  return (
    <div className="lv-faq">
      {items.map((item) => {
        const open = item.id === openId;
        const buttonId = `${base}-${item.id}-q`;
        const panelId = `${base}-${item.id}-a`;
        return (
          <div key={item.id} className={`lv-faq__item ${open ? 'is-open' : ''}`}>
            <h3 className="lv-faq__heading">
              <button
                type="button"
                id={buttonId}
                className="lv-faq__trigger"
                aria-expanded={open}
                aria-controls={panelId}
                onClick={() => onToggle(item.id)}
              >
                <span>{item.question}</span>
                <ChevronDownIcon className="lv-faq__chevron" size={18} />
              </button>
            </h3>
            <div id={panelId} role="region" aria-labelledby={buttonId} className="lv-faq__panel" hidden={!open}>
              {item.answer.map((paragraph) => (
                <p key={paragraph}>{paragraph}</p>
              ))}
            </div>
          </div>
        );
      })}
    </div>
  );
}
