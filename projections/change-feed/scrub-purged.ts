import type { ReadCollection } from '../read-store/read-store';
import type { ChangeChunkDoc, ChangeEntry } from './documents';

/** Fields of an entry that hold a title or a name: what a purge removes from the feed. */
const NAMES = ['title', 'previousTitle', 'name', 'previousName'] as const;

/** Whether `entry` is about one of `gone` (owner keys `script:<id>` / `folder:<id>`). */
function isAbout(entry: ChangeEntry, gone: ReadonlySet<string>): boolean {
  const kind = entry.type.startsWith('script.') ? 'script' : 'folder';
  const id = kind === 'script' ? entry.data.scriptId : entry.data.folderId;
  return typeof id === 'string' && gone.has(`${kind}:${id}`);
}

/**
 * A purged script's or folder's title or name leaves the user's recent feed too (a client replaying after
 * `Last-Event-ID` would read it otherwise): its entries keep their ids, types and numbers, the names go. The feed holds
 * at most CHANGE_FEED_MAX_ENTRIES entries per user, so this reads a bounded set of chunks.
 */
export async function scrubPurged(chunks: ReadCollection<ChangeChunkDoc>, userId: string, gone: ReadonlySet<string>): Promise<void> {
  for (const chunk of await chunks.find({ userId })) {
    if (!chunk.entries.some((entry) => isAbout(entry, gone) && NAMES.some((name) => name in entry.data))) continue;
    const entries = chunk.entries.map((entry) => {
      if (!isAbout(entry, gone)) return entry;
      const data = { ...entry.data };
      for (const name of NAMES) delete data[name];
      return { ...entry, data };
    });
    await chunks.replaceOne({ _id: chunk._id }, { ...chunk, entries });
  }
}
