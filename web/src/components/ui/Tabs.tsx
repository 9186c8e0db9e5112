import { createContext, useContext, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

/**
 * Accessible tabs (WAI-ARIA tabs pattern, automatic activation): arrow keys, Home and End move between tabs.
 *   <Tabs value={v} onValueChange={setV}><TabList label="..."><Tab value="a">A</Tab></TabList><TabPanel value="a">...</TabPanel></Tabs>
 */
type Ctx = { value: string; onValueChange: (v: string) => void; baseId: string };
const TabsContext = createContext<Ctx | null>(null);

function useTabs(): Ctx {
  const ctx = useContext(TabsContext);
  if (!ctx) throw new Error('Tabs components must be used inside <Tabs>');
  return ctx;
}

const safe = (v: string) => v.replace(/[^a-zA-Z0-9_-]/g, '_');

export function Tabs({ value, onValueChange, children, className = '' }: { value: string; onValueChange: (v: string) => void; children: ReactNode; className?: string }) {
  const baseId = useId();
  return (
    <TabsContext.Provider value={{ value, onValueChange, baseId }}>
      <div className={`tabs ${className}`.trim()}>{children}</div>
    </TabsContext.Provider>
  );
}

export function TabList({ children, label, className = '' }: { children: ReactNode; label?: string; className?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const tabs = Array.from(ref.current?.querySelectorAll<HTMLButtonElement>('[role="tab"]:not([disabled])') ?? []);
    const i = tabs.indexOf(document.activeElement as HTMLButtonElement);
    if (i < 0) return;
    let next = -1;
    if (e.key === 'ArrowRight') next = (i + 1) % tabs.length;
    else if (e.key === 'ArrowLeft') next = (i - 1 + tabs.length) % tabs.length;
    else if (e.key === 'Home') next = 0;
    else if (e.key === 'End') next = tabs.length - 1;
    if (next >= 0) {
      e.preventDefault();
      tabs[next]?.focus();
      tabs[next]?.click();
    }
  };
  return (
    <div ref={ref} role="tablist" aria-label={label} className={`tab-list ${className}`.trim()} onKeyDown={onKeyDown}>
      {children}
    </div>
  );
}

export function Tab({ value, children, disabled }: { value: string; children: ReactNode; disabled?: boolean }) {
  const { value: current, onValueChange, baseId } = useTabs();
  const selected = current === value;
  return (
    <button
      type="button"
      role="tab"
      id={`${baseId}-tab-${safe(value)}`}
      aria-selected={selected}
      aria-controls={`${baseId}-panel-${safe(value)}`}
      tabIndex={selected ? 0 : -1}
      disabled={disabled}
      className={`tab ${selected ? 'tab-active' : ''}`}
      onClick={() => onValueChange(value)}
    >
      {children}
    </button>
  );
}

export function TabPanel({ value, children, className = '' }: { value: string; children: ReactNode; className?: string }) {
  const { value: current, baseId } = useTabs();
  if (current !== value) return null;
  return (
    <div role="tabpanel" id={`${baseId}-panel-${safe(value)}`} aria-labelledby={`${baseId}-tab-${safe(value)}`} tabIndex={0} className={`tab-panel ${className}`.trim()}>
      {children}
    </div>
  );
}
