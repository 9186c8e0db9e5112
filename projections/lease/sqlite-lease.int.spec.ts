import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openSqliteLease } from './sqlite-lease';

describe('embedded projector lease', () => {
  const dirs: string[] = [];
  afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));
  const file = () => {
    const dir = mkdtempSync(join(tmpdir(), 'lease-'));
    dirs.push(dir);
    return join(dir, 'lease.sqlite');
  };

  it('lets one holder in at a time, renews for the holder, and hands over once the lease expires', async () => {
    let clock = 1_000;
    const path = file();
    const first = openSqliteLease(path, () => clock);
    const second = openSqliteLease(path, () => clock); // another process's connection to the same file
    expect(await first.tryAcquire('projector', 'a', 5_000)).toBe(true);
    expect(await second.tryAcquire('projector', 'b', 5_000)).toBe(false);
    clock += 4_000;
    expect(await first.tryAcquire('projector', 'a', 5_000)).toBe(true); // renewal moves expiry to 10_000
    clock += 4_000;
    expect(await second.tryAcquire('projector', 'b', 5_000)).toBe(false);
    clock += 2_001; // a stops renewing: expired
    expect(await second.tryAcquire('projector', 'b', 5_000)).toBe(true);
    expect(await first.tryAcquire('projector', 'a', 5_000)).toBe(false);
    await first.close();
    await second.close();
  });

  it('release frees the lease at once, but only for its holder', async () => {
    const path = file();
    const lease = openSqliteLease(path);
    expect(await lease.tryAcquire('projector', 'a', 60_000)).toBe(true);
    await lease.release('projector', 'b');
    expect(await lease.tryAcquire('projector', 'b', 60_000)).toBe(false);
    await lease.release('projector', 'a');
    expect(await lease.tryAcquire('projector', 'b', 60_000)).toBe(true);
    await lease.close();
  });
});
