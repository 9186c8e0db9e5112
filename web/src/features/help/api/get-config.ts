import { useEffect, useState } from 'react';
import { apiFetch } from '../../../lib/api-client';

/** `GET /api/config`: settings of this instance that pages state to users. */
export interface AppConfig {
  /** Scripts each account may keep; null means unlimited. */
  scriptQuota: number | null;
  maxUploadBytes?: number;
  /** Days a deleted script or folder stays in the trash (TRASH_DAYS). */
  trashDays?: number;
}

export function getConfig(): Promise<AppConfig> {
  return apiFetch<AppConfig>('/api/config');
}

export type ConfigState = { status: 'loading' } | { status: 'error' } | { status: 'ready'; config: AppConfig };

export function useAppConfig(): ConfigState {
  const [state, setState] = useState<ConfigState>({ status: 'loading' });
  useEffect(() => {
    let alive = true;
    getConfig().then(
      (config) => alive && setState({ status: 'ready', config }),
      () => alive && setState({ status: 'error' }),
    );
    return () => {
      alive = false;
    };
  }, []);
  return state;
}
