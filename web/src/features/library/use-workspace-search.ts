import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';

/** The search box's text once typing pauses, so each keystroke does not ask the server. */
function useSettled(value: string, ms = 250): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const t = window.setTimeout(() => setSettled(value), ms);
    return () => window.clearTimeout(t);
  }, [value, ms]);
  return settled;
}

/**
 * The workspace search: the box's text, the settled query the lists ask for, and the "Include all versions" option.
 * The settled query and the option live in the address (`?q=…&versions=all`, replacing the entry), so Back from a
 * result opened in the editor comes back to the same results.
 */
export function useWorkspaceSearch() {
  const [params, setParams] = useSearchParams();
  const [query, setQuery] = useState(() => params.get('q') ?? '');
  const searched = useSettled(query.trim());
  const allVersions = params.get('versions') === 'all';

  useEffect(() => {
    if ((params.get('q') ?? '') === searched) return;
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (searched) next.set('q', searched);
        else next.delete('q');
        return next;
      },
      { replace: true },
    );
    // only a new settled query writes the address
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [searched]);

  // the address changed from outside (the My Scripts link drops `?q=`): the box follows it
  const addressQuery = params.get('q') ?? '';
  useEffect(() => {
    if (addressQuery !== searched) setQuery(addressQuery);
    // only a change of the address itself, not of the box, applies here
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [addressQuery]);

  const setAllVersions = (all: boolean) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (all) next.set('versions', 'all');
        else next.delete('versions');
        return next;
      },
      { replace: true },
    );

  return { query, setQuery, searched, searching: query.trim() !== '', allVersions, setAllVersions };
}
