import { createHash } from 'node:crypto';
import type { ReadStore } from '../../projections/read-store/read-store';

/** Where scan checkpoints live: a cache beside the read models that no projection writes (a rebuild starts it afresh). */
export const AS_OF_SCANS_COLLECTION = 'asOfScans';
/** A checkpoint every this many revisions of a long stream. */
export const SCAN_CHECKPOINT_EVERY = 256;
/** The newest audited revisions a checkpoint keeps: as many as any answer lists (AS_OF_HISTORY_MAX). */
export const SCAN_CHECKPOINT_AUDITED = 200;

/**
 * What a replay's scan of a stream's headers (as-of-replay.ts) knows once it has passed `revision`: the last
 * revision of each state type and the newest audited revisions after the stream's first page, how many audited
 * events that part held, and the latest `at` up to there. The log is append-only, so a checkpoint never changes: a
 * replay for any instant at or after `maxAt` may start its scan after `revision` instead of at the first page.
 * Revisions and times only: no title, content or comment.
 */
export interface ScanCheckpoint {
  revision: bigint;
  maxAt: string;
  lastOfType: Map<string, bigint>;
  audited: bigint[];
  auditedCount: number;
}

interface ScanCheckpointDoc {
  _id: string;
  stream: string;
  shape: string;
  revision: number;
  maxAt: string;
  lastOfType: Record<string, string>;
  audited: string[];
  auditedCount: number;
  [key: string]: unknown;
}

/**
 * Checkpoints are only as right as the fold that made them: `shape` names the fold (its event types, the first page's
 * size, the interval), and a checkpoint of another shape (made before an upgrade changed a fold) is never used.
 */
export interface ScanCheckpoints {
  /** The latest checkpoint of `stream` made with `shape` that an answer as of `at` may start from, if any. */
  latestBefore(stream: string, shape: string, at: string): Promise<ScanCheckpoint | null>;
  save(stream: string, shape: string, checkpoints: ScanCheckpoint[]): Promise<void>;
}

/** The shape of checkpoints made by a fold with these types over first pages of `firstPage` events. */
export function checkpointShape(stateTypes: Iterable<string>, auditedTypes: Iterable<string>, firstPage: number): string {
  const described = JSON.stringify([firstPage, SCAN_CHECKPOINT_EVERY, SCAN_CHECKPOINT_AUDITED, [...stateTypes].sort(), [...auditedTypes].sort()]);
  return createHash('sha256').update(described).digest('hex').slice(0, 12);
}

/** Checkpoints kept in the read store, found by (stream, maxAt) through their own index. */
export function scanCheckpoints(readStore: ReadStore): ScanCheckpoints {
  const docs = readStore.collection<ScanCheckpointDoc>(AS_OF_SCANS_COLLECTION);
  return {
    async latestBefore(stream, shape, at) {
      const [doc] = await docs.find({ stream, shape, maxAt: { $lte: at } }, { sort: { maxAt: -1, revision: -1 }, limit: 1 });
      if (!doc) return null;
      return {
        revision: BigInt(doc.revision),
        maxAt: doc.maxAt,
        lastOfType: new Map(Object.entries(doc.lastOfType).map(([type, revision]) => [type, BigInt(revision)])),
        audited: doc.audited.map(BigInt),
        auditedCount: doc.auditedCount,
      };
    },
    async save(stream, shape, checkpoints) {
      if (checkpoints.length === 0) return;
      // Declared where written (a no-op once it exists; a rebuild swapped in starts without this cache).
      await readStore.ensureIndexes([{ collection: AS_OF_SCANS_COLLECTION, keys: { stream: 1, shape: 1, maxAt: -1, revision: -1 } }]);
      for (const checkpoint of checkpoints) {
        const _id = `${stream}:${shape}:${checkpoint.revision}`;
        await docs.replaceOne(
          { _id },
          {
            _id,
            stream,
            shape,
            revision: Number(checkpoint.revision),
            maxAt: checkpoint.maxAt,
            lastOfType: Object.fromEntries([...checkpoint.lastOfType].map(([type, revision]) => [type, revision.toString()])),
            audited: checkpoint.audited.slice(-SCAN_CHECKPOINT_AUDITED).map(String),
            auditedCount: checkpoint.auditedCount,
          },
          { upsert: true },
        );
      }
    },
  };
}
