// The server under load for `npm run bench`, in its own process so that autocannon does not share its
// event loop: the whole app plus a bare hello-world route, one signed-up person, and a line on stdout
// `{"port", "token"}` once listening. Database from BENCH_DATABASE_URL, else PGlite in BENCH_DATA_DIR.
import { join } from 'node:path';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';

const dataDir = process.env.BENCH_DATA_DIR!;
const databaseUrl = process.env.BENCH_DATABASE_URL || null;
const config = loadConfig({
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  SERVE_APP: 'false',
  RATE_LIMIT_MULTIPLIER: '100000',
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
});
const database = await openDatabase({
  databaseUrl,
  dataDir: databaseUrl ? null : join(dataDir, 'db'),
});
const app = await buildApp(config, { database, logger: false });
app.get('/bench/hello', async () => ({ hello: 'world' }));
await app.listen({ port: 0, host: '127.0.0.1' });
await app.services.queue.work();

const email = `bench.${Date.now()}@example.org`;
const signup = await app.inject({
  method: 'POST',
  url: '/api/v1/users/signup',
  payload: {
    email,
    password: 'Souvenir1!',
    cgu_validated: true,
    cgv_validated: true,
    pdc_validated: true,
  },
});
if (signup.statusCode !== 201) throw new Error(`signup failed: ${signup.body}`);
const login = await app.inject({
  method: 'POST',
  url: '/api/v1/login/access-token',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  payload: `username=${encodeURIComponent(email)}&password=Souvenir1!`,
});
const { port } = app.server.address() as { port: number };
console.log(JSON.stringify({ port, token: login.json().access_token }));

process.on('SIGTERM', async () => {
  await app.close();
  await database.close();
  process.exit(0);
});
