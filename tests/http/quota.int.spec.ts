import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createScript, field, file, signedInUser, startTestServer, type TestServer } from './client';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { SCRIPT_QUOTA: '2' } });
});
afterAll(async () => {
  await server?.dispose();
});

describe('script quota (SCRIPT_QUOTA=2)', () => {
  it('GET /api/config reports the quota', async () => {
    const res = await new Client(server.url).get('/api/config');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ scriptQuota: 2, maxUploadBytes: 5 * 1024 * 1024, trashDays: 30 });
  });

  it('refuses the third script with 403 and a clear message, on every way of creating one', async () => {
    const user = await signedInUser(server.url, 'quota');
    await createScript(user, { title: 'one' });
    const second = await createScript(user, { title: 'two' });

    const third = await user.post('/api/scripts', { title: 'three', content: 'print(3)' });
    expect(third.status).toBe(403);
    expect(third.body.error).toMatch(/limit/i);
    expect(third.body.error).toContain('2');

    expect((await user.upload('/api/upload/script', [file('three.lua', 'print(3)')])).status).toBe(403);
    expect((await user.upload('/api/upload/folder/null', [file('three.lua', 'print(3)', 'files')])).status).toBe(403);
    expect((await user.upload('/api/upload/repository', [field('repositoryName', 'r'), file('a.lua', 'a', 'files'), field('paths', 'r/a.lua')])).status).toBe(403);
    const key = (await user.post('/api/api-keys', { name: 'quota bot' })).body.key as string;
    const bot = new Client(server.url, { apiKey: key });
    expect((await bot.post('/api/v1/scripts', { title: 'bot', content: 'x' })).status).toBe(403);
    expect((await bot.upload('/api/v1/scripts/upload', [file('bot.lua', 'x')])).status).toBe(403);

    // Nothing was created, not even a repository folder; saving existing scripts still works.
    expect((await user.get('/api/scripts')).body.length).toBe(2);
    expect((await user.get('/api/folders')).body).toEqual([]);
    expect((await user.put(`/api/scripts/${second.id}`, { content: 'still editable' })).status).toBe(200);

    // A script in the trash still takes its slot; purging it from the trash makes room again.
    expect((await user.delete(`/api/scripts/${second.id}`)).status).toBe(204);
    expect((await user.post('/api/scripts', { title: 'three', content: 'print(3)' })).status).toBe(403);
    expect((await user.delete(`/api/trash/scripts/${second.id}`)).status).toBe(204);
    expect((await user.post('/api/scripts', { title: 'three', content: 'print(3)' })).status).toBe(201);
  });

  it('is per account', async () => {
    const other = await signedInUser(server.url, 'other');
    await createScript(other, { title: 'a' });
    await createScript(other, { title: 'b' });
    expect((await other.post('/api/scripts', { title: 'c', content: 'c' })).status).toBe(403);
  });

  // Each create first takes a slot on the user's stream with an expected revision, so racing creates serialise there.
  it('concurrent creates never go past the quota', async () => {
    for (let round = 0; round < 5; round++) {
      const user = await signedInUser(server.url, 'burst');
      await createScript(user, { title: 'one' });
      const answers = await Promise.all([1, 2, 3, 4].map((i) => user.post('/api/scripts', { title: `burst ${i}`, content: 'x' })));
      expect(answers.filter((a) => a.status === 201).length).toBeLessThanOrEqual(1);
      expect((await user.get('/api/scripts')).body.length).toBeLessThanOrEqual(2);
    }
  });

  it('counts a multi-file upload as a whole', async () => {
    const user = await signedInUser(server.url, 'batch');
    await createScript(user, { title: 'one' });
    const res = await user.upload('/api/upload/folder/null', [file('a.lua', 'a', 'files'), file('b.lua', 'b', 'files')]);
    expect(res.status).toBe(403);
    expect((await user.get('/api/scripts')).body.length).toBe(1);
  });
});
