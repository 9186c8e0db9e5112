import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { XIcon } from './icons';

/**
 * A modal dialog: role="dialog", aria-modal, labelled by its title; focus moves in on open, Tab is trapped inside,
 * Escape or a click on the overlay closes it (only the topmost when dialogs are stacked), focus returns on close.
 * Rendered in a portal (not the native <dialog> top layer, so toasts stay visible above it).
 */
export type DialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
  /** 'sm' 420px, 'md' 560px (default), 'lg' 800px, 'xl' 1100px */
  size?: 'sm' | 'md' | 'lg' | 'xl';
  /** Selector of the element to focus first (default: first field, else first focusable). */
  initialFocus?: string;
  className?: string;
  /** role="alertdialog" for confirmations */
  alert?: boolean;
};

const FOCUSABLE =
  'a[href], area[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"]), [contenteditable="true"]';

const stack: number[] = [];
let seq = 0;

export function Dialog({ open, onOpenChange, title, description, children, footer, size = 'md', initialFocus, className = '', alert }: DialogProps) {
  const titleId = useId();
  const descId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const onOpenChangeRef = useRef(onOpenChange);
  onOpenChangeRef.current = onOpenChange;

  useEffect(() => {
    if (!open) return;
    const myId = ++seq;
    stack.push(myId);
    const previouslyFocused = document.activeElement as HTMLElement | null;
    const panel = panelRef.current;
    const focusFirst = () => {
      if (!panel) return;
      const target =
        (initialFocus ? panel.querySelector<HTMLElement>(initialFocus) : null) ??
        panel.querySelector<HTMLElement>('input:not([disabled]):not([type="hidden"]):not([readonly]), textarea:not([disabled]):not([readonly])') ??
        panel.querySelector<HTMLElement>(`.dialog-body ${FOCUSABLE.split(',').join(', .dialog-body ')}`) ??
        panel.querySelector<HTMLElement>(FOCUSABLE) ??
        panel;
      target.focus();
    };
    const raf = requestAnimationFrame(focusFirst);
    const onKey = (e: KeyboardEvent) => {
      if (stack[stack.length - 1] !== myId || !panel) return;
      if (e.key === 'Escape') {
        e.stopPropagation();
        onOpenChangeRef.current(false);
        return;
      }
      if (e.key !== 'Tab') return;
      const items = Array.from(panel.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
        (el) => el.offsetParent !== null || el === document.activeElement,
      );
      if (items.length === 0) {
        e.preventDefault();
        panel.focus();
        return;
      }
      const first = items[0]!;
      const last = items[items.length - 1]!;
      const active = document.activeElement as HTMLElement | null;
      const inside = active ? panel.contains(active) : false;
      if (e.shiftKey && (active === first || !inside)) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && (active === last || !inside)) {
        e.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKey, true);
    const prevOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      cancelAnimationFrame(raf);
      document.removeEventListener('keydown', onKey, true);
      const i = stack.indexOf(myId);
      if (i >= 0) stack.splice(i, 1);
      if (stack.length === 0) document.body.style.overflow = prevOverflow;
      if (previouslyFocused && document.contains(previouslyFocused)) previouslyFocused.focus();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  if (!open) return null;
  return createPortal(
    <div
      className="dialog-overlay"
      onMouseDown={(e) => {
        if (e.target === e.currentTarget) onOpenChange(false);
      }}
    >
      <div
        ref={panelRef}
        role={alert ? 'alertdialog' : 'dialog'}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descId : undefined}
        tabIndex={-1}
        className={`dialog dialog-${size} ${className}`.trim()}
      >
        <div className="dialog-header">
          <h2 id={titleId} className="dialog-title">
            {title}
          </h2>
          {description && (
            <p id={descId} className="dialog-description">
              {description}
            </p>
          )}
          <button type="button" className="dialog-close" aria-label="Close" onClick={() => onOpenChange(false)}>
            <XIcon size={16} />
          </button>
        </div>
        <div className="dialog-body">{children}</div>
        {footer && <div className="dialog-footer">{footer}</div>}
      </div>
    </div>,
    document.body,
  );
}
