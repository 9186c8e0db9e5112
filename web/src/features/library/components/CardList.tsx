import type { ReactNode } from 'react';
import { LoadMore } from '../../../components/ui/LoadMore';
import { Spinner } from '../../../components/ui/Spinner';
import { errorMessage } from '../../../lib/api-client';

/** A paged list as the library pages show it: the query's state, and what "Load more" needs. */
interface PagedList {
  isLoading: boolean;
  isError: boolean;
  error: unknown;
  hasMore: boolean;
  loadingMore: boolean;
  loadMore: () => Promise<void>;
}

/** One list of cards: a spinner while it loads, its error, what to say when it is empty, the cards, then "Load more". */
export function CardList<T>({
  list,
  items,
  empty,
  loadMoreLabel,
  card,
  layout = 'grid',
}: {
  list: PagedList;
  /** the cards to show (what the list holds, or a filtered part of it) */
  items: T[];
  empty: ReactNode;
  loadMoreLabel: string;
  card: (item: T) => ReactNode;
  /** cards side by side (default), or one per row for wide content such as lines of code */
  layout?: 'grid' | 'list';
}) {
  return (
    <>
      {list.isLoading ? (
        <Spinner />
      ) : list.isError ? (
        <p className="text-destructive">{errorMessage(list.error)}</p>
      ) : items.length === 0 ? (
        empty
      ) : (
        <div className={layout === 'grid' ? 'grid' : 'card-rows'}>{items.map((item) => card(item))}</div>
      )}
      <LoadMore list={list} label={loadMoreLabel} />
    </>
  );
}
