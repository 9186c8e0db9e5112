import { LRUCache } from 'lru-cache';
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { AppendResult, EventHeader, EventStore, ExpectedRevision, NewEvent, ReadStreamOptions, RecordedEvent } from '../eventstore/event-store';
import { DataKeyDestroyedError, folderKeyId, scriptKeyId, type DataKeyStore, type KeyShredder } from './data-keys';

/**
 * Crypto-shredding as an event-store decorator. On append, the personal fields of a few event types (a script's title,
 * content and comment; a folder's name; an account's email and password hash) are replaced by one AES-256-GCM box; on
 * read and subscribe they are opened again, so everything above the port sees plain events. A script's fields are
 * sealed with that script's own key and a folder's name with that folder's (purging it destroys the key), an
 * account's with the account's key (deleting the account destroys it and every script and folder key of it). Once its key is gone a box reads as content gone (the
 * empty values of `SEALED_FIELDS`), which projections treat like any other value (the scripts are deleted by their own
 * events anyway). Script and folder events sealed before they had keys of their own name the account's key and stay
 * readable with it; events written before sealing existed carry no box and pass through unchanged (a mixed log).
 */

/** Fields sealed per event type, with what they read as once the key is gone. */
const SEALED_FIELDS: Record<string, Record<string, unknown>> = {
  ScriptCreated: { title: '', content: '', comment: '' },
  ScriptSaved: { title: '', content: '', comment: '' },
  ScriptRestored: { title: '', content: '', comment: '' },
  FolderCreated: { name: '' },
  FolderRenamed: { name: '' },
  UserRegistered: { email: null, passwordHash: '' },
  UserPasswordChanged: { passwordHash: '' },
};

/** Event types sealed with the script's or folder's own key rather than the account's: the id field naming it and its key. */
const OWN_KEYED: Record<string, { field: string; keyId: (id: string) => string }> = {
  ScriptCreated: { field: 'scriptId', keyId: scriptKeyId },
  ScriptSaved: { field: 'scriptId', keyId: scriptKeyId },
  ScriptRestored: { field: 'scriptId', keyId: scriptKeyId },
  FolderCreated: { field: 'folderId', keyId: folderKeyId },
  FolderRenamed: { field: 'folderId', keyId: folderKeyId },
};
/** Events after which a stream's own key is destroyed: the id field naming it and its key. */
const PURGES: Record<string, { field: string; keyId: (id: string) => string }> = {
  ScriptPurged: { field: 'scriptId', keyId: scriptKeyId },
  FolderPurged: { field: 'folderId', keyId: folderKeyId },
};

/** The account an event belongs to: the owner recorded in the metadata by the script use cases, else the payload's own. */
function ownerOf(event: { type: string; data: Record<string, unknown>; metadata: { ownerId?: string } }): string | undefined {
  if (event.type.startsWith('User')) return typeof event.data.userId === 'string' ? event.data.userId : undefined;
  if (event.metadata.ownerId) return event.metadata.ownerId;
  return typeof event.data.ownerId === 'string' ? event.data.ownerId : undefined;
}

/**
 * The stored box: `v1.<iv>.<tag>.<ciphertext>` (base64url), with the id of the key that opens it (an account's id, or
 * `scriptKeyId(scriptId)`).
 */
export interface SealedBox {
  owner: string;
  box: string;
}

/** A key this process knows: `false` once destroyed; `account`: the account a script key belongs to. */
interface CachedKey {
  key: Buffer | false;
  account: string | null;
}

const ALGORITHM = 'aes-256-gcm';
const IV_BYTES = 12;

/** Binds a box to its stream and event type: a box copied into another event does not open. */
const aad = (stream: string, type: string) => Buffer.from(`${stream}\n${type}`, 'utf8');

export function seal(key: Buffer, stream: string, type: string, fields: Record<string, unknown>): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv(ALGORITHM, key, iv);
  cipher.setAAD(aad(stream, type));
  const body = Buffer.concat([cipher.update(JSON.stringify(fields), 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
}

export function open(key: Buffer, stream: string, type: string, box: string): Record<string, unknown> {
  const [version, iv, tag, body] = box.split('.');
  if (version !== 'v1' || iv === undefined || tag === undefined || body === undefined) throw new Error('Unknown sealed box format');
  const decipher = createDecipheriv(ALGORITHM, key, Buffer.from(iv, 'base64url'));
  decipher.setAAD(aad(stream, type));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  // GCM's final() adds no bytes (it checks the tag), so the text is what update() decoded.
  const plain = decipher.update(Buffer.from(body, 'base64url'), undefined, 'utf8') + decipher.final('utf8');
  return JSON.parse(plain) as Record<string, unknown>;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

export class SealedEventStore implements EventStore, KeyShredder {
  /**
   * Keys by owner, the most recently used ones: `false` once destroyed (for good, so it may be remembered). Bounded:
   * a projector reads every account's events, so an unbounded map held a key for every account there ever was. A
   * forgotten key is looked up again in the key store.
   */
  private readonly keys: LRUCache<string, CachedKey>;

  constructor(
    private readonly inner: EventStore,
    private readonly dataKeys: DataKeyStore,
    cachedKeys = 100_000,
  ) {
    this.keys = new LRUCache({ max: cachedKeys });
  }

  async appendToStream(stream: string, events: NewEvent[], options: { expectedRevision: ExpectedRevision }): Promise<AppendResult> {
    const sealed = await Promise.all(events.map((event) => this.sealEvent(stream, event)));
    return this.inner.appendToStream(stream, sealed, options);
  }

  async readStream(stream: string, options?: ReadStreamOptions): Promise<RecordedEvent[]> {
    const events = await this.inner.readStream(stream, options);
    return Promise.all(events.map((event) => this.openEvent(event)));
  }

  /** Headers are never sealed (metadata stays in clear): nothing to open. */
  readStreamHeaders(stream: string, options?: ReadStreamOptions): Promise<EventHeader[]> {
    return this.inner.readStreamHeaders(stream, options);
  }

  async *subscribeToAll(options: { fromPosition: bigint | 'start'; signal: AbortSignal }): AsyncGenerator<RecordedEvent> {
    for await (const event of this.inner.subscribeToAll(options)) {
      // Another process deleted the account: forget its key (and its scripts') here too.
      if (event.type === 'AccountDeleted' && isRecord(event.data) && typeof event.data.userId === 'string') this.forget(event.data.userId);
      // A purged script's or folder's key is destroyed by the purge; if that process stopped before it could, the projector does.
      const purge = PURGES[event.type];
      const purgedId = purge && isRecord(event.data) ? event.data[purge.field] : undefined;
      if (purge && typeof purgedId === 'string') await this.shredPurged(purge.keyId(purgedId));
      const opened = this.openEvent(event);
      // Most events need no await (unsealed, or a key already known): a rebuild reads them at full speed.
      yield opened instanceof Promise ? await opened : opened;
    }
  }

  headPosition(): Promise<bigint> {
    return this.inner.headPosition();
  }

  /**
   * Crypto-shredding: every event sealed with this key (an account's: and with its scripts' keys) becomes unreadable,
   * here and (once read) everywhere.
   */
  async destroyKey(keyId: string): Promise<void> {
    await this.dataKeys.destroy(keyId);
    this.forget(keyId);
  }

  /** Marks the key destroyed in this process, with every cached script key that belongs to it. */
  private forget(keyId: string): void {
    this.keys.set(keyId, { key: false, account: null });
    // Collected first: setting an entry while iterating the cache would move it and visit it again.
    const belonging = [...this.keys.entries()].filter(([, cached]) => cached.account === keyId && cached.key).map(([id]) => id);
    for (const id of belonging) this.keys.set(id, { key: false, account: keyId });
  }

  /** One read per purged script when it is not known here yet (a rebuild meets every purge): a write only if the key is still there. */
  private async shredPurged(keyId: string): Promise<void> {
    if (this.keys.get(keyId)?.key === false) return;
    if (await this.dataKeys.find(keyId)) await this.dataKeys.destroy(keyId);
    this.keys.set(keyId, { key: false, account: null });
  }

  async close(): Promise<void> {
    await this.inner.close();
    await this.dataKeys.close();
  }

  private async sealEvent(stream: string, event: NewEvent): Promise<NewEvent> {
    const shredded = SEALED_FIELDS[event.type];
    if (!shredded || !isRecord(event.data)) return event;
    const owner = ownerOf({ type: event.type, data: event.data, metadata: event.metadata });
    // A content event without a known owner is a programming error: refuse rather than write it readable for ever.
    if (!owner) throw new Error(`${event.type} on ${stream} has no owner to seal it for`);
    const own = OWN_KEYED[event.type];
    const ownId = own ? event.data[own.field] : undefined;
    if (own && typeof ownId !== 'string') throw new Error(`${event.type} on ${stream} names no ${own.field} to seal it for`);
    const keyId = own ? own.keyId(ownId as string) : owner;
    const key = await this.sealingKey(keyId, keyId === owner ? null : owner);
    const hidden: Record<string, unknown> = {};
    const rest: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(event.data)) {
      if (name in shredded) hidden[name] = value;
      else rest[name] = value;
    }
    const sealedBox: SealedBox = { owner: keyId, box: seal(key, stream, event.type, hidden) };
    return { ...event, data: { ...rest, sealed: sealedBox } };
  }

  /** Synchronous when the event is not sealed or its owner's key is already known; a promise only for a key lookup. */
  private openEvent(event: RecordedEvent): RecordedEvent | Promise<RecordedEvent> {
    if (!isRecord(event.data) || !isRecord(event.data.sealed)) return event;
    const { owner } = event.data.sealed as unknown as SealedBox;
    const known = this.keys.get(owner);
    if (known !== undefined) return this.openWith(event, known.key || null);
    const account = ownerOf(event as { type: string; data: Record<string, unknown>; metadata: { ownerId?: string } }) ?? null;
    return this.keyOf(owner, account === owner ? null : account).then((key) => this.openWith(event, key));
  }

  private openWith(event: RecordedEvent, key: Buffer | null): RecordedEvent {
    const sealedData = event.data as Record<string, unknown>;
    const { box } = sealedData.sealed as unknown as SealedBox;
    let fields: Record<string, unknown> = SEALED_FIELDS[event.type] ?? {};
    if (key) {
      try {
        fields = open(key, event.streamName, event.type, box);
      } catch {
        // A box that does not open (tampered, or copied from another event) reads as content gone, like a shredded one.
      }
    }
    // Plain loops and a literal, not rest and spread: this runs for every sealed event a rebuild reads (1.07-1.14x
    // rebuild events per CPU-second, docs/performance.md). Own keys only, and never one that would set a prototype.
    const data: Record<string, unknown> = {};
    for (const name of Object.keys(sealedData)) if (name !== 'sealed' && name !== '__proto__') data[name] = sealedData[name];
    for (const name of Object.keys(fields)) if (name !== '__proto__') data[name] = fields[name];
    return { streamName: event.streamName, revision: event.revision, position: event.position, type: event.type, data, metadata: event.metadata };
  }

  /** Cached after first use: a save costs no key-store round trip. Throws `DataKeyDestroyedError` for a deleted account. */
  private async sealingKey(keyId: string, account: string | null): Promise<Buffer> {
    const cached = this.keys.get(keyId);
    if (cached?.key) return cached.key;
    if (cached?.key === false) throw new DataKeyDestroyedError(keyId);
    if (account !== null && this.keys.get(account)?.key === false) throw new DataKeyDestroyedError(account);
    const key = await this.dataKeys.keyFor(keyId, account ?? undefined);
    this.keys.set(keyId, { key, account });
    return key;
  }

  private async keyOf(keyId: string, account: string | null): Promise<Buffer | null> {
    const cached = this.keys.get(keyId);
    if (cached !== undefined) return cached.key || null;
    const key = await this.dataKeys.find(keyId);
    // A missing key is not remembered: the account may get one soon (another process made it).
    if (key) this.keys.set(keyId, { key, account });
    return key;
  }
}
