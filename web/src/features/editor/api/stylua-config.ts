import { apiFetch } from '../../../lib/api-client';
import type { FolderPathItem, Script, ScriptSearchResult } from '../../../api/types';
import type { StyluaValues } from '../../../lib/stylua/format';
import { nearestConfig, parseStyluaToml, styluaValues } from '../../../lib/stylua/stylua-config';

const enc = encodeURIComponent;

/** `values`: the settings as StyLua's Config takes them; `source`: the config's path, null for StyLua's defaults. */
export type StyluaConfigFound = { values: StyluaValues; source: string | null; problems: string[] };

/**
 * The StyLua settings for a script in `folderId` (null: the root): the `stylua.toml` or `.stylua.toml` kept as a
 * script in that folder or the nearest of its parents, else StyLua's defaults. One title search finds every
 * candidate (a title holding "stylua.toml", anywhere in the tree), the folder's path names the parents.
 */
export async function findStyluaConfig(folderId: string | null): Promise<StyluaConfigFound> {
  const [path, candidates] = await Promise.all([
    folderId ? apiFetch<FolderPathItem[]>(`/api/folders/${enc(folderId)}/path`) : Promise.resolve([]),
    apiFetch<ScriptSearchResult[]>(`/api/search?q=${enc('stylua.toml')}&type=scripts&limit=100`),
  ]);
  const folders = [...path.map((f) => f.id).reverse(), null];
  const found = nearestConfig(candidates, folders);
  if (!found) return { values: {}, source: null, problems: [] };
  const { content } = await apiFetch<Script>(`/api/scripts/${enc(found.id)}`);
  const { options, problems } = parseStyluaToml(content);
  const where = found.path.map((p) => p.name).join('/');
  return { values: styluaValues(options), source: where ? `${where}/${found.title}` : found.title, problems };
}
