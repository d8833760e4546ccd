// The yardstick of static.bench.mjs: Fastify's hello world, as its README has it, on the port given in PORT.
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
// The second yardstick: the same bytes as a served file (BYTES_FILE), sent from memory with nothing around them.
const bytes = process.env.BYTES_FILE ? readFileSync(process.env.BYTES_FILE) : Buffer.alloc(0);
app.get('/bytes', (_request, reply) => reply.header('content-type', 'text/javascript; charset=utf-8').header('content-encoding', 'br').send(bytes));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
console.log('hello world ready');
