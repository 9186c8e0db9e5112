import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe } from 'vitest';
import { leaseContract } from './lease.contract';
import { openSqliteLease } from './sqlite-lease';

describe('embedded projector lease (SQLite)', () => {
  leaseContract(async (clock) => {
    const dir = mkdtempSync(join(tmpdir(), 'lease-'));
    const path = join(dir, 'lease.sqlite');
    const first = openSqliteLease(path, () => clock.now);
    const second = openSqliteLease(path, () => clock.now); // another process's connection to the same file
    return {
      first,
      second,
      async cleanup() {
        await first.close();
        await second.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  });
});
