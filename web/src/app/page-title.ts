import { useEffect } from 'react';

export const APP_NAME = 'LuaVault';

/** "My Workspace · LuaVault"; the bare app name when there is no title yet. */
export function pageTitle(title: string | null | undefined): string {
  const t = title?.trim();
  return t ? `${t} · ${APP_NAME}` : APP_NAME;
}

/** Sets the document title while the calling screen is shown. */
export function usePageTitle(title: string | null | undefined): void {
  useEffect(() => {
    document.title = pageTitle(title);
  }, [title]);
}
