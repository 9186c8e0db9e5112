import { useId, type ReactNode } from 'react';
import { ChevronDownIcon } from './icons';

export type AccordionItem = { id: string; title: ReactNode; body: ReactNode };

/** Class names of each part, so every page keeps its own look. */
export type AccordionClasses = { root: string; item: string; heading: string; trigger: string; chevron: string; panel: string };

/**
 * One item open at a time (`openId`, or none); each title is a button that controls its panel region, so keyboards
 * and screen readers get the expanded state.
 */
export function Accordion({
  items,
  openId,
  onToggle,
  classes,
}: {
  items: AccordionItem[];
  openId: string | null;
  onToggle: (id: string) => void;
  classes: AccordionClasses;
}) {
  const base = useId();
  return (
    <div className={classes.root}>
      {items.map((item) => {
        const open = item.id === openId;
        const buttonId = `${base}-${item.id}-trigger`;
        const panelId = `${base}-${item.id}-panel`;
        return (
          <div key={item.id} className={`${classes.item} ${open ? 'is-open' : ''}`}>
            <h3 className={classes.heading}>
              <button type="button" id={buttonId} className={classes.trigger} aria-expanded={open} aria-controls={panelId} onClick={() => onToggle(item.id)}>
                <span>{item.title}</span>
                <ChevronDownIcon className={classes.chevron} size={18} />
              </button>
            </h3>
            <div id={panelId} role="region" aria-labelledby={buttonId} className={classes.panel} hidden={!open}>
              {item.body}
            </div>
          </div>
        );
      })}
    </div>
  );
}
