// The fan-out baseline: a bare socket.io server on /crash that broadcasts a crash `game` tick
// (the same payload shape) every 150 ms, with no database, loop or app around it.
import { createServer } from 'node:http';
import { Server } from 'socket.io';

const http = createServer();
const io = new Server(http, { path: '/socket.io', serveClient: false });
const nsp = io.of('/crash');
const started = Date.now();
setInterval(() => {
  const now = Date.now();
  nsp.emit('game', { id: 1, status: 'in_progress', server_time: now, elapsed: now - started });
}, 150);
http.listen(0, '127.0.0.1', () => {
  const { port } = http.address() as { port: number };
  process.stdout.write(`listening http://127.0.0.1:${port}\n`);
});
process.on('SIGTERM', () => {
  io.disconnectSockets(true);
  http.close(() => process.exit(0));
});
