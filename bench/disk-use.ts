import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { api, createScript, eachLimited, luaSource, register, saveScript, type BenchUser } from './api';
import { startLuaVault, waitReady } from './luavault';
import { stopChild } from './processes';

export interface DiskFigures {
  /** UTF-8 bytes of every version, as the storage quota counts them (the users' `storage.usedBytes`, summed) */
  contentBytes: number;
  /** events.sqlite and its -wal/-shm */
  logBytes: number;
  /** read-models.sqlite and its -wal/-shm */
  readModelBytes: number;
  /** everything else in DATA_DIR (data keys, projector lease, secrets) */
  otherBytes: number;
  scripts: number;
  versions: number;
  seedSeconds: number;
}

const MiB = 1024 * 1024;

/** Bytes of the files in `dir` by what they hold, once the server that wrote them has stopped. */
function filesBySort(dir: string): Pick<DiskFigures, 'logBytes' | 'readModelBytes' | 'otherBytes'> {
  const figures = { logBytes: 0, readModelBytes: 0, otherBytes: 0 };
  for (const name of readdirSync(dir)) {
    const stat = statSync(join(dir, name));
    if (!stat.isFile()) continue;
    if (name.startsWith('events.sqlite')) figures.logBytes += stat.size;
    else if (name.startsWith('read-models.sqlite')) figures.readModelBytes += stat.size;
    else figures.otherBytes += stat.size;
  }
  return figures;
}

/**
 * Disk use next to the content it stores: `contentMb` MiB of versions saved through the real server (users and
 * scripts created, then every further version a `PUT /api/scripts/{id}`, all versions different), the server stopped
 * once every projection caught up, then the embedded event log and read models measured as files.
 */
export async function measureDiskUse(
  dataDir: string,
  options: { contentMb: number; versionsPerScript: number; versionBytes: number; scriptsPerUser: number },
): Promise<DiskFigures> {
  const scripts = Math.ceil((options.contentMb * MiB) / (options.versionsPerScript * options.versionBytes));
  const userCount = Math.ceil(scripts / options.scriptsPerUser);
  const server = await startLuaVault(dataDir);
  const started = performance.now();
  let contentBytes = 0;
  try {
    await waitReady(server.url);
    const users: BenchUser[] = [];
    for (let u = 0; u < userCount; u++) users.push(await register(server.url, `disk${u}`));
    await eachLimited([...Array(scripts).keys()], 4, async (s) => {
      const user = users[Math.floor(s / options.scriptsPerUser)]!;
      const label = `disk script ${s}`;
      const id = await createScript(server.url, user, label, luaSource(label, 1, options.versionBytes));
      for (let v = 2; v <= options.versionsPerScript; v++) await saveScript(server.url, user, id, luaSource(label, v, options.versionBytes), `save ${v}`);
    });
    await waitReady(server.url);
    // A content search first indexes every text still queued for the full-text index (deferred indexing): the
    // files are then measured as they settle, not with part of the index still to be written.
    for (const versions of ['current', 'all']) await api(`${server.url}/api/search?type=content&q=local&versions=${versions}`, { cookie: users[0]!.cookie });
    for (const user of users) {
      const { body } = await api<{ storage: { usedBytes: number } }>(`${server.url}/api/user`, { cookie: user.cookie });
      contentBytes += body.storage.usedBytes;
    }
  } finally {
    await stopChild(server.child);
  }
  const seedSeconds = (performance.now() - started) / 1000;
  return { contentBytes, ...filesBySort(dataDir), scripts, versions: scripts * options.versionsPerScript, seedSeconds };
}
