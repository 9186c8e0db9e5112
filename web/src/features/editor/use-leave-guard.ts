import { useCallback, useEffect, useRef, type RefObject } from 'react';
import { useBlocker, type BlockerFunction } from 'react-router-dom';
import { useAuthStore } from '../auth/use-auth';

/**
 * Asks before the page is left while `unsaved` is true: the browser's own prompt for a reload, a closed tab or an
 * address typed in (`beforeunload`), and an in-app confirmation for links and Back (react-router's blocker, returned
 * so the page can render its dialog). Never asks when `skip` is set (the page navigating on purpose, e.g. to the
 * script it just created) or once the user is signed out (the editor is useless then; the drafts are already gone).
 */
export function useLeaveGuard(unsaved: boolean, skip: RefObject<boolean>) {
  const unsavedRef = useRef(unsaved);
  unsavedRef.current = unsaved;

  useEffect(() => {
    if (!unsaved) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      if (skip.current) return;
      e.preventDefault();
      e.returnValue = ''; // older browsers still need it to show the prompt
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [unsaved, skip]);

  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) =>
      unsavedRef.current && !skip.current && !!useAuthStore.getState().user && currentLocation.pathname !== nextLocation.pathname,
    [skip],
  );
  return useBlocker(shouldBlock);
}
