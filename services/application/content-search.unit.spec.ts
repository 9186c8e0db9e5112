import { describe, expect, it } from 'vitest';
import type { AppContext } from './context';
import { SEARCH_BUSY, SEARCH_RUNNING_MAX, SEARCH_WAITING_MAX, searchOwnContent } from './content-search';

describe('the content-search gate', () => {
  it(`ranks ${SEARCH_RUNNING_MAX} searches at once, queues ${SEARCH_WAITING_MAX} and answers 503 beyond`, async () => {
    const releases: Array<() => void> = [];
    let started = 0;
    const stores = {
      readStore: {
        collection: () => ({
          // a ranking that takes as long as the test says
          searchText: () => {
            started++;
            return new Promise((resolve) => releases.push(() => resolve([])));
          },
          find: async () => [],
        }),
      },
    } as unknown as Pick<AppContext, 'readStore'>;
    const actor = { userId: 'u1', actorId: 'user:u1' };
    const search = () => searchOwnContent(stores, actor, { q: 'needle', versions: 'all', limit: 20, skip: 0 });
    const calls = Array.from({ length: SEARCH_RUNNING_MAX + SEARCH_WAITING_MAX }, search);
    await expect(search()).rejects.toMatchObject({ status: 503, message: SEARCH_BUSY });
    expect(started).toBe(SEARCH_RUNNING_MAX);
    // each finished search lets a waiting one in, until all are answered
    for (let i = 0; i < 100 && started < calls.length; i++) {
      while (releases.length) releases.shift()!();
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    while (releases.length) releases.shift()!();
    await expect(Promise.all(calls)).resolves.toHaveLength(calls.length);
    const again = search(); // room again: it ranks at once
    expect(started).toBe(calls.length + 1);
    releases.shift()!();
    await expect(again).resolves.toEqual({ items: [], next: null });
  });
});
