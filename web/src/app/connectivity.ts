import { create } from 'zustand';
import { onNetworkFailure } from '../lib/api-client';
import { refetchFailedQueries } from '../lib/query';
import { toast } from '../components/ui/toast';

/**
 * Whether the server answers. A request that gets no answer marks it unreachable; from then on /healthz is polled
 * with backoff (1 s doubling to 15 s) until it answers, then failed queries are fetched again and the user is told.
 */
export const HEALTH_PATH = '/healthz';
const FIRST_RETRY_MS = 1000;
const MAX_RETRY_MS = 15_000;

type Connectivity = { offline: boolean; checking: boolean; nextRetryAt: number | null };
export const useConnectivity = create<Connectivity>(() => ({ offline: false, checking: false, nextRetryAt: null }));

type Listener = () => void;
const reconnectListeners = new Set<Listener>();
/** Runs `listener` each time the server answers again after being unreachable. */
export function onReconnect(listener: Listener): () => void {
  reconnectListeners.add(listener);
  return () => reconnectListeners.delete(listener);
}

let timer: number | undefined;
let delay = FIRST_RETRY_MS;

/** Whether /healthz answers now. */
export async function serverAnswers(): Promise<boolean> {
  try {
    const res = await fetch(HEALTH_PATH, { cache: 'no-store' });
    return res.ok;
  } catch {
    return false;
  }
}

function schedule(ms: number) {
  window.clearTimeout(timer);
  useConnectivity.setState({ nextRetryAt: Date.now() + ms });
  timer = window.setTimeout(() => void checkNow(), ms);
}

/** Asks the server now (the banner's "Retry now" and the backoff timer). */
export async function checkNow(): Promise<void> {
  if (useConnectivity.getState().checking) return;
  window.clearTimeout(timer);
  useConnectivity.setState({ checking: true });
  const ok = await serverAnswers();
  if (ok) {
    const wasOffline = useConnectivity.getState().offline;
    delay = FIRST_RETRY_MS;
    useConnectivity.setState({ offline: false, checking: false, nextRetryAt: null });
    if (wasOffline) {
      for (const listener of reconnectListeners) listener();
      refetchFailedQueries();
      toast({ title: 'Back online', description: 'The server can be reached again. You can save your changes now.' });
    }
    return;
  }
  useConnectivity.setState({ offline: true, checking: false });
  schedule(delay);
  delay = Math.min(delay * 2, MAX_RETRY_MS);
}

function markOffline() {
  const state = useConnectivity.getState();
  if (state.offline) return;
  delay = FIRST_RETRY_MS;
  useConnectivity.setState({ offline: true });
  schedule(delay);
}

onNetworkFailure(markOffline);
if (typeof window !== 'undefined') {
  // The browser's own signal: no network at all; "online" is only a hint, /healthz decides.
  window.addEventListener('offline', markOffline);
  window.addEventListener('online', () => {
    if (useConnectivity.getState().offline) void checkNow();
  });
}
