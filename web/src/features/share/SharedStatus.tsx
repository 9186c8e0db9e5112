import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { AlertIcon } from '../../components/ui/icons';
import { Spinner } from '../../components/ui/Spinner';
import { paths } from '../../config/paths';

export type Shared<T> = { status: 'loading' } | { status: 'ok'; data: T } | { status: 'error' };

/** Loads what `shareId` shares; a later id replaces the answer of an earlier one. */
export function useShared<T>(load: (shareId: string) => Promise<T>, shareId: string): Shared<T> {
  const [state, setState] = useState<Shared<T>>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    setState({ status: 'loading' });
    load(shareId)
      .then((data) => live && setState({ status: 'ok', data }))
      .catch(() => live && setState({ status: 'error' }));
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [shareId]);
  return state;
}

/** The spinner, or the "not found" card, of a public share page. */
export function SharedStatus({ kind, status }: { kind: 'folder' | 'script'; status: 'loading' | 'error' }) {
  if (status === 'loading')
    return (
      <div className="page-center">
        <Spinner size={32} label={`Loading shared ${kind}`} />
      </div>
    );
  return (
    <div className="page-center">
      <div className="card not-found" role="alert">
        <AlertIcon size={40} className="text-destructive" />
        <h1>{kind === 'folder' ? 'Folder' : 'Script'} Not Found</h1>
        <p className="muted">The shared {kind} you're looking for doesn't exist or has been removed.</p>
        <Link to={paths.home} className="btn btn-primary btn-md">
          Go Home
        </Link>
      </div>
    </div>
  );
}
