import { errorMessage } from '../../lib/api-client';
import { toast } from './toast';
import { Button } from './Button';

/** "Load more" under a paginated list: shown only while the server has another page; a real button (keyboard). */
export function LoadMore({ list, label = 'Load more' }: { list: { hasMore: boolean; loadingMore: boolean; loadMore: () => Promise<void> }; label?: string }) {
  if (!list.hasMore) return null;
  return (
    <div className="load-more">
      <Button
        variant="outline"
        disabled={list.loadingMore}
        onClick={() => {
          list.loadMore().catch((err: unknown) => toast({ title: 'Failed to load more', description: errorMessage(err), variant: 'destructive' }));
        }}
      >
        {list.loadingMore ? 'Loading...' : label}
      </Button>
    </div>
  );
}
