// The baseline: a bare Fastify route with no database, plugins or logging.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/bare', async () => ({ status: 'ok' }));
await app.listen({ port: 0, host: '127.0.0.1' });
const { port } = app.server.address() as { port: number };
process.stdout.write(`listening http://127.0.0.1:${port}\n`);
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
