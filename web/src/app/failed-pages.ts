import { toast, useToastStore, type ToastInput } from '../components/ui/toast';
import { serverAnswers } from './connectivity';

/**
 * Loading a screen's code again after it failed (the server was down). A plain second `import()` is not enough:
 * - browsers from before whatwg/html#10327 (Chromium 150, not 156) keep a failed module fetch for the page's
 *   lifetime, a failed `<link rel=modulepreload>` too, so the same address fails again with the server back;
 * - Vite adds a chunk's stylesheet once per address and never again, so a failed one would leave the screen unstyled.
 * So a retry puts failed stylesheets back, tries the import again, then the failed chunk under a new address (reached
 * only when the old one can no longer load in this page: never a second copy of a module), and if a chunk it imports
 * failed too (its address is fixed inside the importing chunk), reloads the page once.
 */

/** Screens whose code failed to load, each with the function that gives it a fresh lazy component. */
export const failedPages = new Set<() => void>();

/** Called once the error page shows: the next render of a failed screen loads its code again. */
export function resetFailedPages(): void {
  for (const reset of failedPages) reset();
  failedPages.clear();
}

const failedSheets = new Set<HTMLLinkElement>();
const RELOADED_AT = 'luavault:reloaded-at';
const CARRIED_TOAST = 'luavault:carried-toast';

if (typeof document !== 'undefined') {
  // A <link> error does not bubble: only a capturing listener sees every failed stylesheet.
  document.addEventListener(
    'error',
    (e) => {
      if (e.target instanceof HTMLLinkElement && e.target.rel === 'stylesheet') failedSheets.add(e.target);
    },
    true,
  );
  // The toast shown before a recovery reload ("Back online") is shown again after it.
  try {
    const carried = sessionStorage.getItem(CARRIED_TOAST);
    sessionStorage.removeItem(CARRIED_TOAST);
    if (carried) toast(JSON.parse(carried) as ToastInput);
  } catch {
    // no session storage: nothing was carried
  }
}

/** Fresh copies of the stylesheets that failed; resolves once they load (no unstyled flash), rejects if one fails. */
function restoreFailedSheets(): Promise<unknown> {
  const loads = [...failedSheets].map((failed) => {
    const link = failed.cloneNode() as HTMLLinkElement;
    const loaded = new Promise((resolve, reject) => {
      link.addEventListener('load', resolve);
      // Vite's wording, which the error page knows as a load failure
      link.addEventListener('error', () => reject(new Error(`Unable to preload CSS for ${link.href}`)));
    });
    failed.replaceWith(link);
    return loaded;
  });
  failedSheets.clear();
  return Promise.all(loads);
}

/** The module the browser could not fetch, as Chromium and Firefox word it; Safari names none. */
const failedModuleUrl = (err: unknown) =>
  err instanceof TypeError ? /dynamically imported module: (\S+)/.exec(err.message)?.[1] : undefined;

/**
 * The last resort, only with the server answering (else the browser's own error page would replace the app): a new
 * page has a fresh module cache. At most once a minute, so a chunk that can never load cannot reload in a loop, and
 * the toast on screen comes back after it.
 */
async function reloadOnce(): Promise<void> {
  try {
    if (Date.now() - Number(sessionStorage.getItem(RELOADED_AT)) < 60_000 || !(await serverAnswers())) return;
    sessionStorage.setItem(RELOADED_AT, String(Date.now()));
    const shown = useToastStore.getState().current;
    if (shown) {
      const carried: ToastInput = { title: shown.title, description: shown.description, variant: shown.variant };
      sessionStorage.setItem(CARRIED_TOAST, JSON.stringify(carried));
    }
    window.location.reload();
  } catch {
    // no session storage: no loop guard, so no reload; the error page's Retry stays
  }
}

/** `load` again after it failed (see above); rejects with the first error if the screen still cannot load. */
export async function loadAgain<T>(load: () => Promise<T>): Promise<T> {
  await restoreFailedSheets();
  try {
    return await load();
  } catch (err) {
    const url = failedModuleUrl(err);
    if (url) {
      try {
        return (await import(/* @vite-ignore */ `${url}${url.includes('?') ? '&' : '?'}retry=${Date.now()}`)) as T;
      } catch {
        // a chunk it imports failed too: only a new page helps
      }
    }
    await reloadOnce();
    throw err;
  }
}
