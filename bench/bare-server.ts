import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';

/** The ceiling: a bare node:http server sending the same bytes from memory with a fixed ETag. */
const body = readFileSync(process.argv[2]!);
const server = createServer((_req, res) => {
  res.writeHead(200, { 'Content-Type': 'text/plain; charset=utf-8', 'Content-Length': body.length, ETag: '"bare"' });
  res.end(body);
});
server.listen(0, () => {
  const address = server.address();
  console.log(JSON.stringify({ url: `http://localhost:${typeof address === 'object' && address ? address.port : 0}` }));
});
