import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createFolder, createScript, PASSWORD, signedInUser, startTestServer, type TestServer } from './client';

type Message = { id: string | null; event: string; data: any };

/** An SSE connection read message by message (what EventSource does, visible to the test). */
class EventStream {
  readonly messages: Message[] = [];
  private readonly abort = new AbortController();
  private waiters: (() => void)[] = [];
  status = 0;
  comments = 0;
  ended = false;
  contentType = '';
  headers: Headers | null = null;

  static async open(client: Client, lastEventId?: string): Promise<EventStream> {
    const stream = new EventStream();
    const headers: Record<string, string> = { Cookie: client.cookieHeader(), Accept: 'text/event-stream' };
    if (lastEventId !== undefined) headers['Last-Event-ID'] = lastEventId;
    const res = await fetch(`${client.baseUrl}/api/events`, { headers, signal: stream.abort.signal });
    stream.status = res.status;
    stream.headers = res.headers;
    stream.contentType = res.headers.get('content-type') ?? '';
    if (res.ok && res.body) void stream.read(res.body);
    return stream;
  }

  private async read(body: ReadableStream<Uint8Array>): Promise<void> {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const fields = new Map<string, string>();
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) {
              this.comments++;
              continue;
            }
            const colon = line.indexOf(':');
            fields.set(line.slice(0, colon), line.slice(colon + 1).trimStart());
          }
          if (!fields.has('data')) continue;
          this.messages.push({ id: fields.get('id') ?? null, event: fields.get('event') ?? 'message', data: JSON.parse(fields.get('data')!) });
          for (const wake of this.waiters.splice(0)) wake();
        }
      }
    } catch {
      // aborted
    }
    this.ended = true;
  }

  /** The first message `predicate` accepts, waiting for it up to `timeoutMs`. */
  async next(predicate: (m: Message) => boolean, timeoutMs = 5000): Promise<Message> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.messages.find(predicate);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no matching event; got ${JSON.stringify(this.messages)}`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 100);
      });
    }
  }

  /** Waits a little, so anything that would wrongly arrive has time to. */
  async settle(ms = 400): Promise<void> {
    await new Promise((resolve) => setTimeout(resolve, ms));
  }

  close(): void {
    this.abort.abort();
  }
}

let server: TestServer;
let alice: Client;
let bob: Client;
const streams: EventStream[] = [];
const open = async (client: Client, lastEventId?: string) => {
  const stream = await EventStream.open(client, lastEventId);
  streams.push(stream);
  return stream;
};

beforeAll(async () => {
  server = await startTestServer();
  alice = await signedInUser(server.url, 'alice');
  bob = await signedInUser(server.url, 'bob');
});
afterAll(async () => {
  for (const stream of streams) stream.close();
  await server?.dispose();
});

describe('GET /api/events', () => {
  it('sends a session ended by a password change no change made after it, and ends its stream', async () => {
    const frank = await signedInUser(server.url, 'frank');
    const laptop = new Client(server.url);
    expect((await laptop.login(frank.user!.username)).status).toBe(200);
    const stream = await open(laptop);
    await stream.next((m) => m.event === 'ready');
    expect((await frank.post('/api/account/password', { currentPassword: PASSWORD, newPassword: 'brand-new-pw' })).status).toBeLessThan(300);
    await createScript(frank, { title: 'After the change', content: 'print(1)' });
    await stream.settle(1000); // the heartbeat (20 s) is far off: only the check before each message can end it
    expect(stream.messages.filter((m) => m.event !== 'ready')).toEqual([]);
    expect(stream.ended).toBe(true);
  });

  it('ends the stream of a session signed out by a password change at once, with no change after it', async () => {
    const grace = await signedInUser(server.url, 'grace');
    const laptop = new Client(server.url);
    expect((await laptop.login(grace.user!.username)).status).toBe(200);
    const stream = await open(laptop);
    await stream.next((m) => m.event === 'ready');
    expect((await grace.post('/api/account/password', { currentPassword: PASSWORD, newPassword: 'brand-new-pw' })).status).toBe(204);
    await stream.settle(1000); // far below the 20 s heartbeat
    expect(stream.ended).toBe(true);
  });

  it('ends the streams of a deleted account at once', async () => {
    const henry = await signedInUser(server.url, 'henry');
    await createScript(henry, { title: 'Goes with the account' });
    const [first, second] = [await open(henry), await open(henry)];
    for (const stream of [first, second]) await stream.next((m) => m.event === 'ready');
    expect((await henry.post('/api/account/delete', { password: PASSWORD })).status).toBe(204);
    await first.settle(1000); // far below the 20 s heartbeat
    expect([first.ended, second.ended]).toEqual([true, true]);
  });

  it('needs a session and refuses an id that is not a position', async () => {
    expect((await new Client(server.url).get('/api/events')).status).toBe(401);
    const bad = await alice.get('/api/events', { 'Last-Event-ID': 'abc' });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/Last-Event-ID/);
  });

  it('streams a save with its type, log position as id, and what a list needs; never another user\'s changes', async () => {
    const a = await open(alice);
    const b = await open(bob);
    expect(a.status).toBe(200);
    expect(a.contentType).toMatch(/^text\/event-stream/);
    expect(a.headers!.get('x-accel-buffering')).toBe('no');
    const ready = await a.next((m) => m.event === 'ready');
    expect(ready.id).toMatch(/^-?\d+$/);

    const script = await createScript(alice, { title: 'Live one' });
    const created = await a.next((m) => m.event === 'script.created');
    expect(created.data).toEqual({ scriptId: script.id, title: 'Live one', folderId: null, version: 1 });
    expect(BigInt(created.id!)).toBeGreaterThan(BigInt(ready.id!));

    expect((await alice.put(`/api/scripts/${script.id}`, { title: 'Live two', content: 'print(2)' })).status).toBe(200);
    const saved = await a.next((m) => m.event === 'script.saved');
    expect(saved.data).toMatchObject({ scriptId: script.id, title: 'Live two', previousTitle: 'Live one', version: 2, folderId: null });
    expect(BigInt(saved.id!)).toBeGreaterThan(BigInt(created.id!));

    const folder = await createFolder(alice, 'Box');
    expect((await alice.post(`/api/scripts/${script.id}/move`, { folderId: folder.id })).status).toBe(200);
    const moved = await a.next((m) => m.event === 'script.moved');
    expect(moved.data).toMatchObject({ scriptId: script.id, folderId: folder.id, fromFolderId: null, version: 2 });
    expect((await alice.put(`/api/folders/${folder.id}`, { name: 'Crate' })).status).toBe(200);
    expect((await a.next((m) => m.event === 'folder.renamed')).data).toMatchObject({ folderId: folder.id, name: 'Crate', previousName: 'Box' });
    expect((await alice.post(`/api/scripts/${script.id}/share`)).status).toBeLessThan(300);
    await a.next((m) => m.event === 'script.shared' && m.data.scriptId === script.id);
    expect((await alice.delete(`/api/scripts/${script.id}/share`)).status).toBeLessThan(300);
    await a.next((m) => m.event === 'script.unshared' && m.data.scriptId === script.id);
    expect((await alice.delete(`/api/scripts/${script.id}`)).status).toBeLessThan(300);
    await a.next((m) => m.event === 'script.deleted' && m.data.scriptId === script.id);

    // Ids only grow: they order the stream.
    const ids = a.messages.map((m) => BigInt(m.id!));
    expect([...ids].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0))).toEqual(ids);
    await b.settle();
    expect(b.messages.map((m) => m.event)).toEqual(['ready']);
  });

  it('resumes after Last-Event-ID with exactly the missed changes, in order', async () => {
    const first = await open(alice);
    const script = await createScript(alice, { title: 'Resume me' });
    const seen = await first.next((m) => m.event === 'script.created' && m.data.scriptId === script.id);
    first.close();

    // Missed while disconnected: two saves and a folder.
    await alice.put(`/api/scripts/${script.id}`, { title: 'Resume me', content: 'print(2)' });
    await alice.put(`/api/scripts/${script.id}`, { title: 'Resume me', content: 'print(3)' });
    const folder = await createFolder(alice, 'Missed');
    await createScript(bob, { title: 'Not yours' });

    const again = await open(alice, seen.id!);
    const last = await again.next((m) => m.event === 'folder.created');
    expect(last.data.folderId).toBe(folder.id);
    await again.settle();
    expect(again.messages.map((m) => [m.event, m.data.version ?? m.data.name])).toEqual([
      ['script.saved', 2],
      ['script.saved', 3],
      ['folder.created', 'Missed'],
    ]);
    // and it goes on live from there
    await alice.put(`/api/scripts/${script.id}`, { title: 'Resume me', content: 'print(4)' });
    expect((await again.next((m) => m.data.version === 4)).event).toBe('script.saved');

    // A stream that saw nothing still resumes exactly from its `ready` id.
    const quiet = await open(alice);
    const ready = await quiet.next((m) => m.event === 'ready');
    quiet.close();
    await alice.put(`/api/scripts/${script.id}`, { title: 'Resume me', content: 'print(5)' });
    const resumed = await open(alice, ready.id!);
    expect((await resumed.next((m) => m.event === 'script.saved')).data.version).toBe(5);
  });

  it('answers `reset` to an id the feed cannot resume from (pruned entries: services/gateway/live/live-hub.int.spec.ts)', async () => {
    const future = await open(alice, '99999999999');
    const reset = await future.next((m) => m.event === 'reset');
    expect(BigInt(reset.id!)).toBeLessThan(99999999999n);
    // and goes on live from its own id
    await createScript(alice, { title: 'After reset' });
    expect((await future.next((m) => m.event === 'script.created')).data.title).toBe('After reset');
  });

  it('frees a stream\'s place when its client goes away', async () => {
    const frank = await signedInUser(server.url, 'frank');
    const first: EventStream[] = [];
    for (let i = 0; i < 10; i++) {
      const stream = await open(frank);
      await stream.next((m) => m.event === 'ready');
      first.push(stream);
    }
    for (const stream of first.slice(5)) stream.close(); // the five newest leave
    await first[0]!.settle(300);
    for (let i = 0; i < 5; i++) await (await open(frank)).next((m) => m.event === 'ready');
    await createScript(frank, { title: 'Still here' });
    // Had the five that left kept their places, the five oldest would have been closed to make room.
    for (const stream of first.slice(0, 5)) await stream.next((m) => m.event === 'script.created');
  });

  it('keeps at most 10 streams per user, closing the oldest', async () => {
    const dave = await signedInUser(server.url, 'dave');
    const opened: EventStream[] = [];
    for (let i = 0; i < 11; i++) {
      const stream = await open(dave);
      await stream.next((m) => m.event === 'ready');
      opened.push(stream);
    }
    await createScript(dave, { title: 'Fan out' });
    for (const stream of opened.slice(1)) await stream.next((m) => m.event === 'script.created');
    await opened[0]!.settle();
    expect(opened[0]!.messages.map((m) => m.event)).toEqual(['ready']);
  });
});

describe('GET /api/events heartbeats', () => {
  let quick: TestServer;
  beforeAll(async () => {
    quick = await startTestServer({ env: { LIVE_HEARTBEAT_MS: '100' } });
  });
  afterAll(async () => {
    await quick?.dispose();
  });

  it('sends a comment line on every heartbeat and closes the stream once its session is signed out', async () => {
    const erin = await signedInUser(quick.url, 'erin');
    const stream = await open(erin);
    await stream.next((m) => m.event === 'ready');
    const deadline = Date.now() + 5000;
    while (stream.comments < 2 && Date.now() < deadline) await stream.settle(50);
    expect(stream.comments).toBeGreaterThanOrEqual(2);
    expect(stream.ended).toBe(false);

    expect((await erin.post('/api/logout')).status).toBeLessThan(300);
    while (!stream.ended && Date.now() < deadline + 5000) await stream.settle(50);
    expect(stream.ended).toBe(true);
  });
});
