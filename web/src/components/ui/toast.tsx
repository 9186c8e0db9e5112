import { useEffect, useRef } from 'react';
import { create } from 'zustand';
import { XIcon } from './icons';

/**
 * Toasts (spec section 9): one at a time, shown 5 s, F8 focuses the notification area, at most 420px wide.
 * Call `toast({...})` from anywhere; render `<Toaster />` once near the root.
 */
export type ToastVariant = 'default' | 'destructive';
export type ToastInput = { title: string; description?: string; variant?: ToastVariant };
type ToastItem = ToastInput & { id: number };

type ToastState = { current: ToastItem | null; show: (t: ToastInput) => void; dismiss: () => void };

let nextId = 1;
export const useToastStore = create<ToastState>((set) => ({
  current: null,
  show: (t) => set({ current: { ...t, id: nextId++ } }),
  dismiss: () => set({ current: null }),
}));

/** Shows a toast; returns its id, for `dismissToast`. */
export function toast(t: ToastInput): number {
  const id = nextId;
  useToastStore.getState().show(t);
  return id;
}

/** Dismisses that toast if it is still the one shown (a page's own toast, when the page is left). */
export function dismissToast(id: number): void {
  const { current, dismiss } = useToastStore.getState();
  if (current?.id === id) dismiss();
}

export const TOAST_DURATION_MS = 5000;
const SWIPE_THRESHOLD_PX = 50;

export function Toaster() {
  const current = useToastStore((s) => s.current);
  const dismiss = useToastStore((s) => s.dismiss);
  const regionRef = useRef<HTMLOListElement>(null);
  const startX = useRef<number | null>(null);
  const paused = useRef(false);

  useEffect(() => {
    if (!current) return;
    let remaining = TOAST_DURATION_MS;
    let started = Date.now();
    let timer: number | undefined;
    const tick = () => {
      if (paused.current) {
        timer = window.setTimeout(tick, 250);
        return;
      }
      remaining -= Date.now() - started;
      started = Date.now();
      if (remaining <= 0) dismiss();
      else timer = window.setTimeout(tick, Math.min(remaining, 250));
    };
    timer = window.setTimeout(tick, 250);
    return () => window.clearTimeout(timer);
  }, [current, dismiss]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'F8') {
        e.preventDefault();
        regionRef.current?.focus();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  return (
    <section aria-label="Notifications (F8)" className="toaster">
      <ol
        ref={regionRef}
        tabIndex={-1}
        className="toast-viewport"
        role="status"
        aria-live="polite"
        aria-atomic="true"
        onMouseEnter={() => (paused.current = true)}
        onMouseLeave={() => (paused.current = false)}
        onFocus={() => (paused.current = true)}
        onBlur={() => (paused.current = false)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') dismiss();
        }}
      >
        {current && (
          <li
            key={current.id}
            className={`toast ${current.variant === 'destructive' ? 'toast-destructive' : ''}`}
            data-variant={current.variant ?? 'default'}
            onPointerDown={(e) => (startX.current = e.clientX)}
            onPointerUp={(e) => {
              if (startX.current !== null && e.clientX - startX.current > SWIPE_THRESHOLD_PX) dismiss();
              startX.current = null;
            }}
          >
            <div className="toast-body">
              <div className="toast-title">{current.title}</div>
              {current.description && <div className="toast-description">{current.description}</div>}
            </div>
            <button type="button" className="toast-close" aria-label="Close notification" onClick={dismiss}>
              <XIcon size={14} />
            </button>
          </li>
        )}
      </ol>
    </section>
  );
}
