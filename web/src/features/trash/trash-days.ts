import { apiFetch } from '../../lib/api-client';
import { useQuery } from '../../lib/query';

/** The product default, shown until `GET /api/config` answers with this instance's TRASH_DAYS. */
export const DEFAULT_TRASH_DAYS = 30;

/** How long deleted items stay in the trash on this instance. */
export function useTrashDays(): number {
  const { data } = useQuery(['config', 'trash-days'], () => apiFetch<{ trashDays?: number }>('/api/config'));
  return data?.trashDays ?? DEFAULT_TRASH_DAYS;
}

/** `30 days`, `1 day`; a fraction of a day (test instances) in hours. */
export function trashPeriod(days: number): string {
  if (days >= 1) return Number.isInteger(days) ? `${days} ${days === 1 ? 'day' : 'days'}` : `${days.toFixed(1)} days`;
  const hours = Math.max(1, Math.round(days * 24));
  return `${hours} ${hours === 1 ? 'hour' : 'hours'}`;
}
