import { useState } from 'react';
import { Spinner } from '../../components/ui/Spinner';
import { errorMessage } from '../../lib/api-client';
import { formatDate } from '../../lib/format';
import { useScriptAsOf } from './api';
import { AsOfPicker } from './AsOfPicker';
import { formatInstant } from './instant';
import './time-travel.css';

/** A script's history dialog tab: its title, content and audit trail as they were at a chosen moment, read-only. */
export function ScriptAsOfPanel({ scriptId }: { scriptId: string }) {
  const [at, setAt] = useState<string | null>(null);
  const query = useScriptAsOf(scriptId, at);
  return (
    <div>
      <AsOfPicker initial={at} onPick={setAt} />
      {at === null ? (
        <p className="muted">Choose a date and time to see this script as it was then.</p>
      ) : query.isLoading ? (
        <Spinner />
      ) : query.isError ? (
        <p className="muted" role="status">
          {errorMessage(query.error)} ({formatInstant(at)}).
        </p>
      ) : query.data ? (
        <section aria-label={`Script as of ${formatInstant(at)}`}>
          <p role="status">
            As of <strong>{formatInstant(at)}</strong>: <strong>{query.data.title}</strong>, version {query.data.version}. Read-only.
          </p>
          <pre className="as-of-content" aria-label="Content as of then">
            {query.data.content}
          </pre>
          <h3 className="small">Activity up to that moment</h3>
          <ol className="audit-list" aria-label="Audit trail as of then">
            {query.data.history.map((e) => (
              <li key={e.position} className="audit-item">
                <strong>{e.summary}</strong>
                <div className="muted small">
                  by {e.actorName} · <time dateTime={e.at}>{formatDate(e.at)}</time>
                </div>
              </li>
            ))}
          </ol>
          {query.data.historyTruncated && <p className="muted small">Older entries are in the Activity tab.</p>}
        </section>
      ) : null}
    </div>
  );
}
