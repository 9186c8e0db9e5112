/**
 * What the fuzz sends: every route of the gateway, valid body templates, malformed bodies by construction, and a
 * seeded generator of mutations (deterministic: the same seed sends the same requests).
 */

export type Auth = 'none' | 'session' | 'apiKey' | 'admin';
export type BodyKind = 'none' | 'json' | 'multipart';

/** Placeholders in paths: filled with the ids of the account under test (or junk ones). */
export interface Ids {
  script: string;
  folder: string;
  share: string;
  folderShare: string;
  key: string;
  version: string;
}

export interface Route {
  method: string;
  path: string;
  auth: Auth;
  body: BodyKind;
  /** a valid JSON body (json routes) */
  template?: Record<string, unknown>;
  /** the multipart field that carries files (multipart routes) */
  fileField?: string;
}

const script = { title: 'Fuzzed', content: 'print("fuzz")', comment: 'fuzz' };

/** Every route, as mounted in services/gateway/app.ts. */
export const ROUTES: Route[] = [
  // health
  { method: 'GET', path: '/healthz', auth: 'none', body: 'none' },
  { method: 'GET', path: '/readyz', auth: 'none', body: 'none' },
  // session
  { method: 'POST', path: '/api/register', auth: 'none', body: 'json', template: { username: 'fuzz_user', password: 'correct-horse' } },
  { method: 'POST', path: '/api/login', auth: 'none', body: 'json', template: { username: 'fuzz_user', password: 'correct-horse' } },
  { method: 'POST', path: '/api/logout', auth: 'none', body: 'json', template: {} },
  { method: 'GET', path: '/api/user', auth: 'session', body: 'none' },
  { method: 'GET', path: '/api/config', auth: 'none', body: 'none' },
  // scripts
  { method: 'GET', path: '/api/scripts', auth: 'session', body: 'none' },
  { method: 'GET', path: '/api/root-scripts', auth: 'session', body: 'none' },
  { method: 'POST', path: '/api/scripts', auth: 'session', body: 'json', template: { title: 'Fuzzed', content: 'print(1)' } },
  { method: 'GET', path: '/api/scripts/:script', auth: 'session', body: 'none' },
  { method: 'PUT', path: '/api/scripts/:script', auth: 'session', body: 'json', template: script },
  { method: 'DELETE', path: '/api/scripts/:script', auth: 'session', body: 'none' },
  { method: 'GET', path: '/api/scripts/:script/versions', auth: 'session', body: 'none' },
  { method: 'GET', path: '/api/scripts/:script/versions/:version', auth: 'session', body: 'none' },
  { method: 'POST', path: '/api/scripts/:script/restore/:version', auth: 'session', body: 'none' },
  { method: 'GET', path: '/api/scripts/:script/history', auth: 'session', body: 'none' },
  { method: 'GET', path: '/api/scripts/:script/views', auth: 'session', body: 'none' },
  { method: 'POST', path: '/api/scripts/:script/share', auth: 'session', body: 'none' },
  { method: 'DELETE', path: '/api/scripts/:script/share', auth: 'session', body: 'none' },
  { method: 'POST', path: '/api/scripts/:script/move', auth: 'session', body: 'json', template: { folderId: null } },
  // folders
  { method: 'GET', path: '/api/folders', auth: 'session', body: 'none' },
  { method: 'POST', path: '/api/folders', auth: 'session', body: 'json', template: { name: 'Fuzzed', parentId: null } },
  { method: 'GET', path: '/api/folders/:folder', auth: 'session', body: 'none' },
  { method: 'PUT', path: '/api/folders/:folder', auth: 'session', body: 'json', template: { name: 'Renamed' } },
  { method: 'DELETE', path: '/api/folders/:folder', auth: 'session', body: 'none' },
  { method: 'GET', path: '/api/folders/:folder/scripts', auth: 'session', body: 'none' },
  { method: 'GET', path: '/api/folders/:folder/path', auth: 'session', body: 'none' },
  { method: 'POST', path: '/api/folders/:folder/share', auth: 'session', body: 'none' },
  { method: 'DELETE', path: '/api/folders/:folder/share', auth: 'session', body: 'none' },
  // uploads
  { method: 'POST', path: '/api/upload/script', auth: 'session', body: 'multipart', fileField: 'file' },
  { method: 'POST', path: '/api/upload/folder/:folder', auth: 'session', body: 'multipart', fileField: 'files' },
  { method: 'POST', path: '/api/upload/structure', auth: 'session', body: 'multipart', fileField: 'files' },
  { method: 'POST', path: '/api/upload/repository', auth: 'session', body: 'multipart', fileField: 'files' },
  // share links
  { method: 'GET', path: '/api/share/:share', auth: 'none', body: 'none' },
  { method: 'GET', path: '/api/share/:share/raw', auth: 'none', body: 'none' },
  { method: 'GET', path: '/api/share/:share/raw?version=:version', auth: 'none', body: 'none' },
  { method: 'GET', path: '/api/share/folder/:folderShare', auth: 'none', body: 'none' },
  { method: 'GET', path: '/api/share/folder/:folderShare/scripts/:script', auth: 'none', body: 'none' },
  { method: 'GET', path: '/api/share/folder/:folderShare/scripts/:script/raw', auth: 'none', body: 'none' },
  // search (titles, folder names, full text)
  { method: 'GET', path: '/api/search?q=fuzz', auth: 'session', body: 'none' },
  { method: 'GET', path: '/api/search?q=print%20fuzz&type=content&versions=all', auth: 'session', body: 'none' },
  // API keys
  { method: 'GET', path: '/api/api-keys', auth: 'session', body: 'none' },
  { method: 'POST', path: '/api/api-keys', auth: 'session', body: 'json', template: { name: 'fuzz key' } },
  { method: 'DELETE', path: '/api/api-keys/:key', auth: 'session', body: 'none' },
  // public API
  { method: 'GET', path: '/api/v1/openapi.json', auth: 'none', body: 'none' },
  { method: 'GET', path: '/api/v1/health', auth: 'apiKey', body: 'none' },
  { method: 'GET', path: '/api/v1/scripts', auth: 'apiKey', body: 'none' },
  { method: 'GET', path: '/api/v1/folders', auth: 'apiKey', body: 'none' },
  { method: 'GET', path: '/api/v1/search?q=print', auth: 'apiKey', body: 'none' },
  { method: 'GET', path: '/api/v1/scripts/:script/content', auth: 'apiKey', body: 'none' },
  { method: 'GET', path: '/api/v1/scripts/:script/raw', auth: 'apiKey', body: 'none' },
  { method: 'GET', path: '/api/v1/scripts/:script/loadstring', auth: 'apiKey', body: 'none' },
  { method: 'POST', path: '/api/v1/scripts/:script/share', auth: 'apiKey', body: 'none' },
  { method: 'POST', path: '/api/v1/scripts', auth: 'apiKey', body: 'json', template: { title: 'Fuzzed', content: 'print(1)' } },
  { method: 'POST', path: '/api/v1/scripts/upload', auth: 'apiKey', body: 'multipart', fileField: 'file' },
  { method: 'PATCH', path: '/api/v1/scripts/:script', auth: 'apiKey', body: 'json', template: { content: 'print(2)', comment: 'fuzz' } },
  { method: 'PATCH', path: '/api/v1/scripts/:script/upload', auth: 'apiKey', body: 'multipart', fileField: 'file' },
  // admin API
  { method: 'GET', path: '/admin-api/health', auth: 'admin', body: 'none' },
  { method: 'GET', path: '/admin-api/stats', auth: 'admin', body: 'none' },
  { method: 'GET', path: '/admin-api/stats/views', auth: 'admin', body: 'none' },
  { method: 'GET', path: '/admin-api/users', auth: 'admin', body: 'none' },
  { method: 'GET', path: '/admin-api/scripts', auth: 'admin', body: 'none' },
  { method: 'GET', path: '/admin-api/scripts/:script', auth: 'admin', body: 'none' },
  // a script id stands in for a user id: the route answers 404, the fuzz checks it never answers 5xx
  { method: 'GET', path: '/admin-api/users/:script', auth: 'admin', body: 'none' },
  // static files and the web app
  { method: 'GET', path: '/assets/app.js', auth: 'none', body: 'none' },
  { method: 'GET', path: '/assets/nope.js', auth: 'none', body: 'none' },
  { method: 'GET', path: '/folder/:folder', auth: 'none', body: 'none' },
];

export const jsonRoutes = ROUTES.filter((route) => route.body === 'json');
export const uploadRoutes = ROUTES.filter((route) => route.body === 'multipart');

/** Ids go in as they are: junk ones (`%zz`, `..`) are meant to reach the router unencoded. */
export function fillPath(path: string, ids: Ids): string {
  return path.replace(/:(script|folderShare|folder|share|key|version)\b/g, (_match, name: keyof Ids) => ids[name]);
}

/** mulberry32: a small seeded PRNG, so a failing case can be replayed from its seed and index. */
export function prng(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (max: number) => Math.floor(next() * max);
  return {
    next,
    int,
    pick: <T>(items: readonly T[]): T => items[int(items.length)]!,
    bytes: (length: number) => Buffer.from(Array.from({ length }, () => int(256))),
  };
}
export type Random = ReturnType<typeof prng>;

export const BOUNDARY = 'FuzzBoundary7MA4YWxkTrZu0gW';

/** A well-formed multipart body with one file (and, for structure/repository uploads, the fields they read). */
export function multipartBody(fileField: string, fileName = 'fuzz.lua', content: Buffer | string = 'print("fuzz")', boundary = BOUNDARY): Buffer {
  const parts = [
    `--${boundary}\r\nContent-Disposition: form-data; name="paths"\r\n\r\nfuzz/${fileName}\r\n`,
    `--${boundary}\r\nContent-Disposition: form-data; name="repositoryName"\r\n\r\nfuzz-repo\r\n`,
    `--${boundary}\r\nContent-Disposition: form-data; name="${fileField}"; filename="${fileName}"\r\nContent-Type: text/plain\r\n\r\n`,
  ];
  return Buffer.concat([Buffer.from(parts.join('')), Buffer.from(content), Buffer.from(`\r\n--${boundary}--\r\n`)]);
}

export const MULTIPART_TYPE = `multipart/form-data; boundary=${BOUNDARY}`;

export interface BodyCase {
  name: string;
  body: Buffer | string;
  contentType: string;
  headers?: Record<string, string>;
}

/** JSON bodies that no route may accept: malformed, of the wrong type, badly encoded, in the wrong content type. */
export function malformedJsonCases(template: Record<string, unknown>): BodyCase[] {
  const valid = JSON.stringify(template);
  const json = 'application/json';
  const wrongTypes = Object.keys(template).flatMap((key) =>
    [12345, { $ne: null }, [1, 2], true].map((value) => ({ name: `${key} as ${JSON.stringify(value)}`, body: JSON.stringify({ ...template, [key]: value }), contentType: json })),
  );
  return [
    { name: 'truncated', body: valid.slice(0, Math.max(1, Math.floor(valid.length / 2))), contentType: json },
    { name: 'unquoted keys', body: '{title: x, content: y}', contentType: json },
    { name: 'not JSON', body: 'this is not json', contentType: json },
    { name: 'empty', body: '', contentType: json },
    { name: 'null', body: 'null', contentType: json },
    { name: 'a string', body: '"string"', contentType: json },
    { name: 'unterminated nesting', body: '['.repeat(4000), contentType: json },
    { name: 'deep nesting', body: `${'['.repeat(3000)}${']'.repeat(3000)}`, contentType: json },
    { name: 'invalid UTF-8', body: Buffer.concat([Buffer.from('{"title":"'), Buffer.from([0xff, 0xfe, 0xc3]), Buffer.from('","content":"x"}')]), contentType: json },
    { name: 'latin1 charset', body: valid, contentType: 'application/json; charset=latin1' },
    { name: 'unknown charset', body: valid, contentType: 'application/json; charset=x-unknown-7' },
    { name: 'gzip encoding', body: 'not gzip at all', contentType: json, headers: { 'Content-Encoding': 'gzip' } },
    { name: 'form encoding', body: 'title=x&content=y', contentType: 'application/x-www-form-urlencoded' },
    { name: 'text/plain', body: 'hello', contentType: 'text/plain' },
    { name: 'multipart instead of JSON', body: multipartBody('file'), contentType: MULTIPART_TYPE },
    ...(Object.keys(template).length > 0 ? wrongTypes : []),
  ];
}

/** Multipart bodies no upload route may accept (each must answer a 4xx and write nothing). */
export function malformedMultipartCases(fileField: string): BodyCase[] {
  const disposition = `Content-Disposition: form-data; name="${fileField}"; filename="a.lua"`;
  return [
    { name: 'no closing boundary (the issue)', body: `--XX\r\n${disposition}\r\n\r\nx`, contentType: 'multipart/form-data; boundary=XX' },
    { name: 'ends inside a part header', body: `--XX\r\nContent-Disposition: form-da`, contentType: 'multipart/form-data; boundary=XX' },
    { name: 'no boundary parameter', body: multipartBody(fileField), contentType: 'multipart/form-data' },
    { name: 'empty boundary parameter', body: multipartBody(fileField), contentType: 'multipart/form-data; boundary=' },
    { name: 'unterminated quoted boundary', body: multipartBody(fileField), contentType: 'multipart/form-data; boundary="abc' },
    { name: 'other boundary in the body', body: multipartBody(fileField, 'a.lua', 'x', 'Different'), contentType: MULTIPART_TYPE },
    { name: 'garbage', body: Buffer.from('\x00\x01\x02 garbage \xff\xfe'), contentType: MULTIPART_TYPE },
    { name: 'empty body', body: '', contentType: MULTIPART_TYPE },
    { name: 'part header without colon', body: `--${BOUNDARY}\r\nnot a header\r\n\r\nx\r\n--${BOUNDARY}--\r\n`, contentType: MULTIPART_TYPE },
    { name: 'part header of 40 KB', body: `--${BOUNDARY}\r\n${disposition}\r\nX-Pad: ${'a'.repeat(40_000)}\r\n\r\nx\r\n--${BOUNDARY}--\r\n`, contentType: MULTIPART_TYPE },
    { name: 'non-UTF-8 file', body: multipartBody(fileField, 'latin1.lua', Buffer.from([0x70, 0x72, 0x69, 0x6e, 0x74, 0x28, 0xe9, 0x29])), contentType: MULTIPART_TYPE },
    { name: 'UTF-16 file', body: multipartBody(fileField, 'utf16.lua', Buffer.from('\ufeffprint(1)', 'utf16le')), contentType: MULTIPART_TYPE },
    { name: 'wrong extension', body: multipartBody(fileField, 'evil.exe'), contentType: MULTIPART_TYPE },
    { name: 'multipart/mixed', body: multipartBody(fileField), contentType: `multipart/mixed; boundary=${BOUNDARY}` },
    { name: 'JSON instead of multipart', body: '{"title":"x","content":"y"}', contentType: 'application/json' },
    { name: 'no content type', body: multipartBody(fileField), contentType: '' },
  ];
}

/** Cookie headers that must never authenticate (and must never crash): 401, and the cookie is cleared. */
export function badCookies(validToken: string): string[] {
  const flipped = validToken.slice(0, -3) + (validToken.endsWith('AAA') ? 'BBB' : 'AAA');
  const [header, , signature] = validToken.split('.');
  const noneHeader = Buffer.from('{"alg":"none"}').toString('base64url');
  const payload = Buffer.from('{"sub":"someone","sid":"x","exp":9999999999}').toString('base64url');
  return [
    'lv_session=%zz',
    'lv_session=%',
    'lv_session=%E0%A4%A',
    'lv_session=',
    'lv_session',
    'lv_session=;lv_session=%zz',
    '=lv_session; ;;',
    'lv_session="quoted"',
    'lv_session=a.b.c',
    `lv_session=${flipped}`,
    `lv_session=${noneHeader}.${payload}.`,
    `lv_session=${header}.${payload}.${signature}`,
    `lv_session=${'x'.repeat(8000)}`,
    `lv_session=${validToken.replace(/\./g, '%2E%00')}`,
    `${'a=b; '.repeat(500)}lv_session=%zz`,
  ];
}

const ODD_CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=utf-16',
  'APPLICATION/JSON',
  'application/json;;;',
  'application/json; boundary=x',
  MULTIPART_TYPE,
  'multipart/form-data; boundary="',
  'multipart/form-data; boundary=a; boundary=b',
  'text/plain',
  'application/x-www-form-urlencoded',
  ';;;',
  '*/*',
  'application/ld+json',
  'x'.repeat(2000),
];

const ODD_HEADERS: Array<Record<string, string>> = [
  {},
  {},
  { 'Content-Encoding': 'gzip' },
  { 'Content-Encoding': 'br, identity' },
  { Accept: '*/*;q=x' },
  { 'If-None-Match': '"x", *, W/"y"' },
  { Range: 'bytes=9999999-1' },
  { 'X-Forwarded-For': 'not-an-ip, ::1, 999.1.1.1' },
  { 'X-Forwarded-Proto': 'gopher' },
  { Origin: 'null' },
  { 'Accept-Encoding': 'x'.repeat(4000) },
  { Authorization: 'Bearer %zz' },
  { 'X-API-Key': '%zz' },
];

const JUNK_IDS = ['', '%zz', '..', '../../etc/passwd', 'a'.repeat(300), '$where', '{"$ne":null}', '0', '-1', '1e309', 'null', '__proto__', 'é✓', '%00', ' '];

export interface GeneratedCase {
  route: Route;
  path: string;
  auth: Auth | 'badCookie';
  headers: Record<string, string>;
  body?: Buffer;
  description: string;
}

/** One random mutation of `bytes`: truncation, deletion, duplication, random bytes, or a splice of odd values. */
function mutate(random: Random, bytes: Buffer): Buffer {
  if (bytes.length === 0) return random.bytes(random.int(64));
  const at = random.int(bytes.length);
  switch (random.int(7)) {
    case 0:
      return bytes.subarray(0, at);
    case 1:
      return Buffer.concat([bytes.subarray(0, at), bytes.subarray(Math.min(bytes.length, at + 1 + random.int(16)))]);
    case 2:
      return Buffer.concat([bytes.subarray(0, at), random.bytes(1 + random.int(8)), bytes.subarray(at)]);
    case 3: {
      const copy = Buffer.from(bytes);
      for (let i = 0; i < 1 + random.int(4); i++) copy[random.int(copy.length)] = random.int(256);
      return copy;
    }
    case 4: {
      const slice = bytes.subarray(at, at + 1 + random.int(64));
      return Buffer.concat([bytes.subarray(0, at), ...Array.from({ length: 1 + random.int(50) }, () => slice), bytes.subarray(at)]);
    }
    case 5:
      return Buffer.concat([bytes.subarray(0, at), Buffer.from(random.pick(['"', '\\', '\u0000', '\ud800', '}', ']', '--', '\r\n\r\n', '\r\n--' + BOUNDARY, '%', '{"$ne":1}', '1e999'])), bytes.subarray(at)]);
    default:
      return Buffer.from(`${random.pick(['[', '{"a":'])}`.repeat(1 + random.int(2000)));
  }
}

function generatedBody(random: Random, route: Route): { body?: Buffer; contentType?: string; description: string } {
  if (route.body === 'json' && route.template) {
    const valid = Buffer.from(JSON.stringify(route.template));
    const rounds = 1 + random.int(3);
    let body: Buffer = valid;
    for (let i = 0; i < rounds; i++) body = mutate(random, body);
    return { body, contentType: 'application/json', description: `json mutated ${rounds}x` };
  }
  if (route.body === 'multipart' && route.fileField) {
    const rounds = 1 + random.int(2);
    let body: Buffer = multipartBody(route.fileField);
    for (let i = 0; i < rounds; i++) body = mutate(random, body);
    return { body, contentType: MULTIPART_TYPE, description: `multipart mutated ${rounds}x` };
  }
  if (random.int(4) === 0) return { body: random.bytes(random.int(512)), contentType: random.pick(ODD_CONTENT_TYPES), description: 'random bytes' };
  return { description: 'no body' };
}

/**
 * `count` requests drawn from `seed`: any route, any credentials of the fuzzing account (or none, or a bad cookie),
 * ids of its own data, of the victim's data or junk, mutated bodies, odd content types and headers.
 */
export function generateCases(seed: number, count: number, idSets: Ids[]): GeneratedCase[] {
  const random = prng(seed);
  return Array.from({ length: count }, () => {
    const route = random.pick(ROUTES);
    const ids = random.int(5) === 0 ? junkIds(random) : random.pick(idSets);
    const auth = random.int(6) === 0 ? random.pick(['none', 'badCookie'] as const) : route.auth;
    const { body, contentType, description } = generatedBody(random, route);
    const headers: Record<string, string> = { ...random.pick(ODD_HEADERS) };
    if (contentType !== undefined) headers['Content-Type'] = random.int(5) === 0 ? random.pick(ODD_CONTENT_TYPES) : contentType;
    const method = random.int(12) === 0 ? random.pick(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD']) : route.method;
    return { route: { ...route, method }, path: fillPath(route.path, ids), auth, headers, body, description: `${method} ${route.path} [${auth}] ${description} ${JSON.stringify(headers).slice(0, 120)}` };
  });
}

function junkIds(random: Random): Ids {
  const junk = () => random.pick(JUNK_IDS);
  return { script: junk(), folder: junk(), share: junk(), folderShare: junk(), key: junk(), version: junk() };
}
