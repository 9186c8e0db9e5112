import { useEffect, useRef, useState } from 'react';
import { Spinner } from '../ui/Spinner';

export type LoadedContent = { status: 'loading' } | { status: 'ready'; content: string } | { status: 'error'; message: string };

/**
 * Loads a script's content for a read-only view. `key` names what is open (null: nothing); a new key loads again, and
 * an answer that lands after the view moved on is dropped.
 */
export function useLoadedContent(key: string | null, load: () => Promise<string>, errorText: (error: unknown) => string): LoadedContent {
  const [loaded, setLoaded] = useState<LoadedContent>({ status: 'loading' });
  const latest = useRef({ load, errorText });
  latest.current = { load, errorText };
  useEffect(() => {
    if (key === null) return;
    let cancelled = false;
    setLoaded({ status: 'loading' });
    latest.current.load().then(
      (content) => !cancelled && setLoaded({ status: 'ready', content }),
      (error: unknown) => !cancelled && setLoaded({ status: 'error', message: latest.current.errorText(error) }),
    );
    return () => {
      cancelled = true;
    };
  }, [key]);
  return loaded;
}

/** The content as it loads: a spinner, the error, or the text in a focusable, read-only block. */
export function ReadOnlyContent({ loaded, title, className }: { loaded: LoadedContent; title: string; className: string }) {
  return (
    <>
      {loaded.status === 'loading' && <Spinner size={24} label="Loading script" />}
      {loaded.status === 'error' && (
        <p className="alert alert-destructive" role="alert">
          {loaded.message}
        </p>
      )}
      {loaded.status === 'ready' && (
        // Focusable so the keyboard can scroll it; a <pre> cannot be edited, which is the point.
        <pre className={className} tabIndex={0} aria-label={`Content of ${title} (read-only)`}>
          <code>{loaded.content}</code>
        </pre>
      )}
    </>
  );
}
