/**
 * The admin session: the verified access key, kept in sessionStorage only (it lasts for the browser session and is
 * never written to localStorage or a cookie). Its presence is the authenticated flag.
 */
import { withoutTrailingSlashes } from '../../config/spa-routes';

const STORAGE_KEY = 'luavault.admin.accessKey';
const KEY_PATH = '/admin/';

/**
 * `/admin/{key}`: the rest of the path (trailing slashes dropped) is an access key, except the `/admin/scripts` view.
 * No regex: `^\/admin\/(.+?)\/*$` tried the slash run after every character, quadratic in a link of many slashes.
 */
export function keyFromPath(pathname: string): string | null {
  if (!pathname.startsWith(KEY_PATH) || /[\n\r\u2028\u2029]/.test(pathname)) return null;
  const rest = pathname.slice(KEY_PATH.length);
  // a rest of slashes only is the key "/", as the regex read it
  const segment = rest === '' ? '' : withoutTrailingSlashes(rest) || '/';
  if (!segment || segment === 'scripts') return null;
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

export function readAdminKey(): string | null {
  try {
    return window.sessionStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

export function storeAdminKey(key: string): void {
  try {
    window.sessionStorage.setItem(STORAGE_KEY, key);
  } catch {
    /* storage disabled: the session then lasts for this page only */
  }
}

export function clearAdminKey(): void {
  try {
    window.sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    /* nothing stored */
  }
}

/** Spec: the title lowercased, every non-alphanumeric character replaced by '_', plus '.lua'. */
export function scriptFileName(title: string): string {
  return `${title.toLowerCase().replace(/[^a-z0-9]/g, '_')}.lua`;
}

export function downloadScript(title: string, content: string): void {
  const blob = new Blob([content], { type: 'text/x-lua;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = scriptFileName(title);
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 1000);
}
