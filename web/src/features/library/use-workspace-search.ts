import { useEffect, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';

/** The search box's text once typing pauses, so each keystroke does not ask the server. */
function useSettled(value: string, ms = 250): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const t = window.setTimeout(() => setSettled(value), ms);
    return () => window.clearTimeout(t);
  }, [value, ms]);
  return settled;
}

/** Marks the address entries the search itself writes, telling them apart from navigations elsewhere. */
const WRITTEN_BY_SEARCH = { workspaceSearch: true } as const;
const writtenBySearch = (state: unknown) => typeof state === 'object' && state !== null && 'workspaceSearch' in state;

/**
 * The workspace search: the box's text, the settled query the lists ask for, and the "Include all versions" option.
 * Both are mirrored into the address (`?q=…&versions=all`, replacing the entry), so Back from a result opened in the
 * editor comes back to the same results; a navigation from elsewhere (the My Scripts link) sets them from the address.
 * The page's own state stays the truth while typing: the router applies a navigation later than a state update.
 */
export function useWorkspaceSearch() {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const [query, setQuery] = useState(() => params.get('q') ?? '');
  const [allVersions, setAllVersions] = useState(() => params.get('versions') === 'all');
  const searched = useSettled(query.trim());

  useEffect(() => {
    if ((params.get('q') ?? '') === searched && (params.get('versions') === 'all') === allVersions) return;
    const next = new URLSearchParams(params);
    if (searched) next.set('q', searched);
    else next.delete('q');
    if (allVersions) next.set('versions', 'all');
    else next.delete('versions');
    setParams(next, { replace: true, state: WRITTEN_BY_SEARCH });
    // written when the search changes, not when the address does
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [searched, allVersions]);

  useEffect(() => {
    if (writtenBySearch(location.state)) return;
    setQuery(params.get('q') ?? '');
    setAllVersions(params.get('versions') === 'all');
    // each navigation has a new key
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.key]);

  return { query, setQuery, searched, searching: query.trim() !== '', allVersions, setAllVersions };
}
