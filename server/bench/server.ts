// The server under load for `npm run bench`, in its own process so that autocannon does not share its
// event loop: the whole app plus a bare hello-world route, one signed-up person, and a line on stdout
// `{"port", "tokens", "chaptersTokens", "chaptersUrl"}` once listening. `tokens` are BENCH_PEOPLE
// people's (default 50: one per connection, as many people use a server at once, each from one device);
// `chaptersTokens` are BENCH_READERS other people's (default 10), each with BENCH_CHAPTERS chapters
// (default 50) as a long-time user has them: title, keywords, a summary of a few paragraphs in two
// versions, an interview of some twenty messages and one to three pictures each.
// Database from BENCH_DATABASE_URL, else PGlite in BENCH_DATA_DIR.
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { ConversationList } from '../src/contract/conversations.ts';
import { openDatabase } from '../src/db/client.ts';
import { signUp } from './support.ts';
import {
  chatMessages,
  conversations,
  images,
  summaryVersions,
  users,
} from '../src/db/schema/index.ts';

/** The chapter list as the app asks for it (src/lib/conversation-query.ts). */
const CHAPTERS_URL =
  '/api/v1/conversations?sort_by=created_at&sort_order=descending&skip=0&limit=100';

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
// The chapter list's answer, computed once: what its size and serialisation alone cost (no token, no
// database, no compression), serialised again for every request.
let chaptersPayload: unknown = null;
app.get(
  '/bench/chapters-payload',
  { schema: { response: { 200: ConversationList } } },
  async () => chaptersPayload,
);
await app.listen({ port: 0, host: '127.0.0.1' });
await app.services.queue.work();

/** The bearer token of a new account (bench/support.ts signs it up). */
async function signUpToken(email: string): Promise<string> {
  const { authorization } = await signUp(app, 'Jeanne Martin', email);
  return authorization.slice('Bearer '.length);
}

const PARAGRAPH =
  "Ma grand-mère tenait l'épicerie du village, rue des Tilleuls, entre la forge et l'école. " +
  "Le matin, avant la classe, je l'aidais à ranger les bocaux de lentilles et les sacs de farine ; " +
  "elle me donnait en échange un caramel mou qu'elle sortait de la poche de son tablier. " +
  "Les clients parlaient du temps, des foins, de la guerre qui était finie depuis peu, et moi j'écoutais. ";

async function seedChapters(email: string, count: number): Promise<void> {
  const [user] = await database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, email));
  const userId = user!.id;
  const start = Date.now() - count * 86_400_000;
  const dates = Array.from({ length: count }, (_, n) => new Date(start + n * 86_400_000));
  const chapters = await database.db
    .insert(conversations)
    .values(
      dates.map((createdAt, n) => ({
        userId,
        title: `Chapitre ${n + 1} : l'été à la ferme des Grandes Vignes`,
        keywords: ['enfance', 'village', 'grand-mère', 'épicerie', `année ${1950 + n}`],
        summaryCursor: 2,
        createdAt,
        updatedAt: new Date(createdAt.getTime() + 3_600_000),
      })),
    )
    .returning({ id: conversations.id, createdAt: conversations.createdAt });
  await database.db.insert(summaryVersions).values(
    chapters.flatMap(({ id: conversationId, createdAt }) => [
      { conversationId, version: 1, text: PARAGRAPH.repeat(4), createdAt },
      {
        conversationId,
        version: 2,
        text: `${PARAGRAPH.repeat(6)}\n\n${PARAGRAPH.repeat(5)}`,
        createdAt,
      },
    ]),
  );
  await database.db.insert(chatMessages).values(
    chapters.flatMap(({ id: conversationId, createdAt }) =>
      Array.from({ length: 20 }, (_, index) => ({
        conversationId,
        userId,
        type: index % 2 === 0 ? ('assistant' as const) : ('user' as const),
        content: index % 2 === 0 ? 'Et ensuite, que se passait-il ?' : PARAGRAPH,
        questionId: index % 2 === 0 ? `q${index}` : null,
        theme: index % 2 === 0 ? 'childhood' : null,
        createdAt,
      })),
    ),
  );
  await database.db.insert(images).values(
    chapters.flatMap(({ id: conversationId, createdAt }, n) =>
      Array.from({ length: 1 + (n % 3) }, (_, index) => ({
        userId,
        conversationId,
        position: index + 1,
        legend: index === 0 ? 'La boutique, vers 1955' : null,
        key: `images/${userId}/${conversationId}-${index}.jpg`,
        thumbKey: `images/${userId}/${conversationId}-${index}.thumb.jpg`,
        contentType: 'image/jpeg',
        width: 1600,
        height: 1200,
        createdAt,
      })),
    ),
  );
}

const stamp = Date.now();
const tokens: string[] = [];
for (let n = 0; n < Number(process.env.BENCH_PEOPLE ?? 50); n += 1)
  tokens.push(await signUpToken(`bench.${stamp}.${n}@example.org`));
const chaptersTokens: string[] = [];
for (let n = 0; n < Number(process.env.BENCH_READERS ?? 10); n += 1) {
  const email = `bench.chapters.${stamp}.${n}@example.org`;
  chaptersTokens.push(await signUpToken(email));
  await seedChapters(email, Number(process.env.BENCH_CHAPTERS ?? 50));
}
chaptersPayload = (
  await app.inject({
    url: CHAPTERS_URL,
    headers: { authorization: `Bearer ${chaptersTokens[0]}` },
  })
).json();
const { port } = app.server.address() as { port: number };
console.log(JSON.stringify({ port, tokens, chaptersTokens, chaptersUrl: CHAPTERS_URL }));

process.on('SIGTERM', async () => {
  await app.close();
  await database.close();
  process.exit(0);
});
