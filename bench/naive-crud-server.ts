import { createServer } from 'node:http';
import { SqliteDatabase } from '../services/sqlite/database';

/**
 * The CRUD baseline for saves: `node:http` + node:sqlite, one fsynced INSERT per request (WAL, synchronous=FULL,
 * no group commit), answering the inserted row as JSON. Any method and path: the benchmark sends it the same
 * `PUT /api/scripts/{id}` requests (JSON body, session cookie) as LuaVault.
 * Usage: node naive-crud-server.mjs <database file>
 */
const db = new SqliteDatabase(process.argv[2]!);
db.pragma('journal_mode = WAL');
db.pragma('synchronous = FULL');
db.exec(`CREATE TABLE IF NOT EXISTS versions (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  script_id TEXT NOT NULL,
  content TEXT NOT NULL,
  comment TEXT NOT NULL,
  created_at TEXT NOT NULL
)`);
const insert = db.prepare<[string, string, string, string]>(
  'INSERT INTO versions (script_id, content, comment, created_at) VALUES (?, ?, ?, ?) RETURNING id, script_id AS scriptId, content, comment, created_at AS createdAt',
);

const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    let body: { content?: unknown; comment?: unknown };
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as typeof body;
    } catch {
      res.writeHead(400, { 'Content-Type': 'application/json' }).end('{"error":"invalid JSON"}');
      return;
    }
    if (typeof body.content !== 'string' || body.content === '') {
      res.writeHead(400, { 'Content-Type': 'application/json' }).end('{"error":"content required"}');
      return;
    }
    const scriptId = decodeURIComponent((req.url ?? '/').split('/').pop() ?? '');
    const row = insert.get(scriptId, body.content, typeof body.comment === 'string' ? body.comment : '', new Date().toISOString());
    const json = JSON.stringify(row);
    res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(json) });
    res.end(json);
  });
});
server.keepAliveTimeout = 65_000;
server.listen(0, () => {
  const address = server.address();
  console.log(JSON.stringify({ url: `http://localhost:${typeof address === 'object' && address ? address.port : 0}` }));
});
process.on('SIGTERM', () => {
  db.close();
  process.exit(0);
});
