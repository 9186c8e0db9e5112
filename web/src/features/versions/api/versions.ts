import { useQuery } from '../../../lib/query';
import { fetchVersion } from '../../../api/scripts';

/** One version with its content; versions never change, so a cached one is always right. */
export const useVersion = (scriptId: string, version: number | null) =>
  useQuery(['script', scriptId, 'version', version ?? 0], () => fetchVersion(scriptId, version!), { enabled: version !== null && version > 0 });

/** A positive whole version number from a URL part, else null. */
export function versionParam(value: string | null | undefined): number | null {
  if (!value || !/^[1-9]\d{0,8}$/.test(value)) return null;
  return Number(value);
}
