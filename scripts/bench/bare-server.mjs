// The 100 % reference of `pnpm bench`: a bare Fastify server (the same Fastify the API uses, resolved from
// api/) answering `GET /` with {"hello":"world"}, no plugins, no logging. Listens on PORT (default 3000) and
// HOST (default 127.0.0.1); SIGINT or SIGTERM closes it.
import { createRequire } from 'node:module';

const require = createRequire(new URL('../../api/package.json', import.meta.url));
const Fastify = require('fastify');

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}

await app.listen({ port: Number(process.env.PORT ?? 3000), host: process.env.HOST ?? '127.0.0.1' });
