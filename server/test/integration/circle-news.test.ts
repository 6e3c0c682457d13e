// The news of a family circle and her weekly question (issue 31, items 4 and 5), with a fake clock
// (`runNews(now)`, `runRhythm(now)`): one mail per member and run (a digest for several chapters), weekly
// and never respected, withdrawn chapters and removed members left out, nothing sent twice; Web Push
// against a local push service whose payload is decrypted here with the browser's keys (RFC 8291), a
// 410 forgetting the subscription; the rhythm on her day (Paris), her family's question first, nothing
// when she told a story that week, RFC 8058 one-click unsubscribe.
import {
  createECDH,
  createDecipheriv,
  createPublicKey,
  hkdfSync,
  randomBytes,
  type ECDH,
} from 'node:crypto';
import { once } from 'node:events';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../support/build.ts';
import { createUser, type TestUser } from '../support/factories.ts';
import type { MailMessage, MailTransport } from '../../src/providers/mail/types.ts';
import { chatMessages, conversations, summaryVersions } from '../../src/db/schema/index.ts';
import {
  circleMembers,
  circleQuestions,
  circleReleases,
  pushSubscriptions,
  storyRhythms,
} from '../../src/db/schema/circle.ts';
import { parisClock } from '../../src/modules/circle-news/service.ts';

// ------------------------------------------------------------------ a mail transport that keeps headers

const sent: MailMessage[] = [];
const transport: MailTransport = {
  kind: 'outbox',
  async send(message) {
    sent.push(message);
  },
  async close() {},
};

// ------------------------------------------------------------------ a push service on this machine

interface PushRequest {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}
const pushed: PushRequest[] = [];
let pushServer: Server;
let pushOrigin = '';

beforeAll(async () => {
  pushServer = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      pushed.push({
        path: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks),
      });
      response.statusCode = request.url?.startsWith('/gone') ? 410 : 201;
      response.end();
    });
  });
  pushServer.listen(0, '127.0.0.1');
  await once(pushServer, 'listening');
  pushOrigin = `http://127.0.0.1:${(pushServer.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => pushServer.close(() => resolve())));

const ctx = useTestApp({ deps: { mailTransport: transport } });
const db = () => ctx.database.db;

// ------------------------------------------------------------------ a browser's keys, and decrypting

interface Browser {
  ecdh: ECDH;
  auth: Buffer;
  endpoint: string;
}

function browser(path: string): Browser {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { ecdh, auth: randomBytes(16), endpoint: `${pushOrigin}${path}` };
}

/** RFC 8291 (aes128gcm, RFC 8188) decryption, as a browser does it. */
function decrypt(b: Browser, body: Buffer): string {
  const salt = body.subarray(0, 16);
  const idLength = body[20];
  const serverPublic = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  const shared = b.ecdh.computeSecret(serverPublic);
  const keyInfo = Buffer.concat([
    Buffer.from('WebPush: info\0'),
    b.ecdh.getPublicKey(),
    serverPublic,
  ]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, b.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, 'Content-Encoding: aes128gcm\0', 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, 'Content-Encoding: nonce\0', 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([
    decipher.update(record.subarray(0, record.length - 16)),
    decipher.final(),
  ]);
  // The last record ends with the delimiter 2, then zero padding.
  const end = padded.lastIndexOf(2);
  return padded.subarray(0, end).toString('utf8');
}

async function subscribe(user: TestUser, b: Browser) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v1/push/subscriptions',
    headers: user.auth,
    payload: {
      endpoint: b.endpoint,
      expirationTime: null,
      keys: {
        p256dh: b.ecdh.getPublicKey().toString('base64url'),
        auth: b.auth.toString('base64url'),
      },
    },
  });
}

// ------------------------------------------------------------------ circles, chapters, releases

const T0 = new Date('2030-01-09T10:00:00Z');
const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);
const DAYS = 24 * 60;

async function circleOf(
  notify: 'immediate' | 'weekly' | 'never' = 'immediate',
  names: { owner?: string; member?: string; memberLanguage?: string } = {},
) {
  const owner = await createUser(ctx.app, { full_name: names.owner ?? 'Jeanne Martin' });
  const member = await createUser(ctx.app, {
    full_name: names.member ?? 'Marie Martin',
    current_language: names.memberLanguage ?? 'fr-FR',
  });
  const [row] = await db()
    .insert(circleMembers)
    .values({
      ownerId: owner.id,
      memberId: member.id,
      email: member.email,
      role: 'reader',
      notify,
      acceptedAt: at(-1 * DAYS),
    })
    .returning();
  return { owner, member, rowId: row.id };
}

async function chapter(owner: TestUser, title: string, text: string): Promise<string> {
  const [row] = await db()
    .insert(conversations)
    .values({ userId: owner.id, title, summaryCursor: 1 })
    .returning();
  await db().insert(summaryVersions).values({ conversationId: row.id, version: 1, text });
  return row.id;
}

async function release(owner: TestUser, id: string, when: Date) {
  await db()
    .insert(circleReleases)
    .values({ conversationId: id, ownerId: owner.id, releasedAt: when });
}

async function mailsTo(email: string): Promise<MailMessage[]> {
  await ctx.app.services.queue.drain(20_000);
  // Not the address-confirmation mail of the sign-up.
  return sent.filter((m) => m.to === email && !/^Confirm/.test(m.subject));
}

const news = () => ctx.app.services.circleNews;
const LONG = `${'Il était une fois une maison au bord de la Loire, avec un grand jardin. '.repeat(8)}FIN`;

// ------------------------------------------------------------------ the news

describe('news of released chapters', () => {
  it('sends one mail with the title, the first lines and the link; nothing twice', async () => {
    const { owner, member } = await circleOf('immediate');
    const id = await chapter(owner, 'La maison de Saumur', LONG);
    await release(owner, id, at(0));
    // Two runs at once and one after: one mail.
    await Promise.all([news().runNews(at(10)), news().runNews(at(10))]);
    await news().runNews(at(20));
    const mails = await mailsTo(member.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe('Jeanne Martin a partagé un chapitre : « La maison de Saumur »');
    expect(mails[0].text).toContain(`http://chapitres.test/circles/${owner.id}/chapters/${id}`);
    expect(mails[0].text).toContain('Il était une fois une maison au bord de la Loire');
    expect(mails[0].text).not.toContain('FIN');
    const excerpt = mails[0].text.split('\n').find((l) => l.startsWith('Il était une fois'))!;
    expect(excerpt.length).toBeLessThanOrEqual(301);
    expect(excerpt.endsWith('…')).toBe(true);
    expect(mails[0].html).toContain(`/circles/${owner.id}/chapters/${id}`);
  });

  it('gathers the chapters released between two runs into one digest', async () => {
    const { owner, member } = await circleOf('immediate', { memberLanguage: 'en-GB' });
    const first = await chapter(owner, 'The wedding', 'We married in June.');
    const second = await chapter(owner, 'The war', 'The sirens came at night.');
    await release(owner, first, at(1));
    await release(owner, second, at(3));
    await news().runNews(at(10));
    const mails = await mailsTo(member.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe('Jeanne Martin shared 2 new chapters');
    expect(mails[0].text).toContain('The wedding: http://chapitres.test/circles/');
    expect(mails[0].text).toContain('The war: ');
    expect(mails[0].text).toContain('The sirens came at night.');
    // A later release is the next news, alone.
    const third = await chapter(owner, 'The farm', 'Cows.');
    await release(owner, third, at(15));
    await news().runNews(at(20));
    const after = await mailsTo(member.email);
    expect(after).toHaveLength(2);
    expect(after[1].subject).toBe('Jeanne Martin shared a chapter: “The farm”');
  });

  it('waits a week for a weekly member, and never writes to one who chose never', async () => {
    const weekly = await circleOf('weekly');
    const never = await circleOf('never');
    for (const c of [weekly, never])
      await release(c.owner, await chapter(c.owner, 'Le bal', 'On dansait.'), at(0));
    await news().runNews(at(10));
    await news().runNews(at(5 * DAYS));
    expect(await mailsTo(weekly.member.email)).toHaveLength(0);
    // Seven days after joining (no news before): the digest.
    await news().runNews(at(6 * DAYS + 1));
    expect(await mailsTo(weekly.member.email)).toHaveLength(1);
    // And the next one not before seven days more.
    await release(
      weekly.owner,
      await chapter(weekly.owner, 'Le retour', 'Enfin.'),
      at(6 * DAYS + 5),
    );
    await news().runNews(at(10 * DAYS));
    expect(await mailsTo(weekly.member.email)).toHaveLength(1);
    await news().runNews(at(13 * DAYS + 2));
    expect(await mailsTo(weekly.member.email)).toHaveLength(2);
    await news().runNews(at(14 * DAYS));
    expect(await mailsTo(never.member.email)).toHaveLength(0);
  });

  it('leaves out a withdrawn chapter, and a removed or not yet joined member', async () => {
    const kept = await circleOf('immediate');
    const withdrawn = await chapter(kept.owner, 'Le secret', 'Rien à lire.');
    await release(kept.owner, withdrawn, at(0));
    await db().delete(circleReleases).where(eq(circleReleases.conversationId, withdrawn));
    const removed = await circleOf('immediate');
    await release(removed.owner, await chapter(removed.owner, 'Le port', 'Les bateaux.'), at(0));
    await db().delete(circleMembers).where(eq(circleMembers.id, removed.rowId));
    const invited = await circleOf('immediate');
    await db()
      .update(circleMembers)
      .set({ acceptedAt: null })
      .where(eq(circleMembers.id, invited.rowId));
    await release(invited.owner, await chapter(invited.owner, 'La gare', 'Les trains.'), at(0));
    await news().runNews(at(10));
    expect(await mailsTo(kept.member.email)).toHaveLength(0);
    expect(await mailsTo(removed.member.email)).toHaveLength(0);
    expect(await mailsTo(invited.member.email)).toHaveLength(0);
  });
});

// ------------------------------------------------------------------ Web Push

describe('Web Push', () => {
  it('gives its VAPID key without sign-in and checks subscriptions', async () => {
    const key = await ctx.app.inject({ method: 'GET', url: '/api/v1/push/key' });
    expect(key.statusCode).toBe(200);
    expect(Buffer.from(key.json().public_key, 'base64url')).toHaveLength(65);
    const user = await createUser(ctx.app);
    const b = browser('/ok/x');
    const bad = [
      {
        endpoint: 'not a url',
        keys: {
          p256dh: b.ecdh.getPublicKey().toString('base64url'),
          auth: b.auth.toString('base64url'),
        },
      },
      { endpoint: b.endpoint, keys: { p256dh: 'AAAA', auth: b.auth.toString('base64url') } },
      {
        endpoint: b.endpoint,
        keys: { p256dh: b.ecdh.getPublicKey().toString('base64url'), auth: 'AAAA' },
      },
      { endpoint: b.endpoint },
    ];
    for (const payload of bad) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/push/subscriptions',
        headers: user.auth,
        payload,
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
    }
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/v1/push/subscriptions', payload: bad[0] }))
        .statusCode,
    ).toBe(401);
    expect((await subscribe(user, b)).statusCode).toBe(201);
    // Again: the same row.
    expect((await subscribe(user, b)).statusCode).toBe(201);
    const rows = await db()
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, b.endpoint));
    expect(rows).toHaveLength(1);
    const gone = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/v1/push/subscriptions',
      headers: user.auth,
      payload: { endpoint: b.endpoint },
    });
    expect(gone.statusCode).toBe(200);
    expect(
      await db().select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, b.endpoint)),
    ).toHaveLength(0);
  });

  it('sends the news to a subscribed browser, encrypted for it and signed with the VAPID key', async () => {
    const { owner, member } = await circleOf('immediate');
    const b = browser(`/ok/${member.id}`);
    expect((await subscribe(member, b)).statusCode).toBe(201);
    const id = await chapter(owner, 'Le mariage', 'Un jour de juin.');
    await release(owner, id, at(0));
    await news().runNews(at(10));
    await ctx.app.services.queue.drain(20_000);
    const requests = pushed.filter((p) => p.path === `/ok/${member.id}`);
    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(request.headers.ttl)).toBeGreaterThan(0);
    expect(JSON.parse(decrypt(b, request.body))).toEqual({
      title: 'Jeanne Martin a partagé un chapitre',
      body: 'Le mariage',
      url: `http://chapitres.test/circles/${owner.id}/chapters/${id}`,
    });
    // RFC 8292: vapid t=<JWT for this push service's origin>, k=<our public key>.
    const match = /^vapid t=([^,]+), k=(.+)$/.exec(String(request.headers.authorization));
    expect(match).not.toBeNull();
    const publicKey = (await ctx.app.inject({ method: 'GET', url: '/api/v1/push/key' })).json()
      .public_key as string;
    expect(match![2]).toBe(publicKey);
    const raw = Buffer.from(publicKey, 'base64url');
    const key = createPublicKey({
      key: {
        kty: 'EC',
        crv: 'P-256',
        x: raw.subarray(1, 33).toString('base64url'),
        y: raw.subarray(33).toString('base64url'),
      },
      format: 'jwk',
    });
    const { payload } = await jwtVerify(match![1], key, { algorithms: ['ES256'] });
    expect(payload.aud).toBe(pushOrigin);
  });

  it('forgets a subscription its push service no longer knows (410)', async () => {
    const { owner, member } = await circleOf('immediate');
    const b = browser(`/gone/${member.id}`);
    expect((await subscribe(member, b)).statusCode).toBe(201);
    await release(owner, await chapter(owner, 'La fin', 'Fin.'), at(0));
    await news().runNews(at(10));
    await ctx.app.services.queue.drain(20_000);
    expect(pushed.filter((p) => p.path === `/gone/${member.id}`)).toHaveLength(1);
    expect(
      await db().select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, member.id)),
    ).toHaveLength(0);
    // The mail went all the same.
    expect(await mailsTo(member.email)).toHaveLength(1);
  });
});

// ------------------------------------------------------------------ the weekly question

const WEDNESDAY = T0; // 2030-01-09, 11:00 in Paris
const rhythmUrl = '/api/v1/users/me/rhythm';

async function setRhythm(user: TestUser, payload: Record<string, unknown>) {
  return ctx.app.inject({ method: 'PUT', url: rhythmUrl, headers: user.auth, payload });
}

describe('the weekly question', () => {
  it('is on Wednesday 11:00 in Paris in these tests', () => {
    expect(parisClock(WEDNESDAY)).toEqual({ weekday: 3, hour: 11 });
  });

  it('checks the rhythm it is given', async () => {
    const user = await createUser(ctx.app);
    expect(
      (await ctx.app.inject({ method: 'GET', url: rhythmUrl, headers: user.auth })).statusCode,
    ).toBe(204);
    for (const weekday of [0, 8, 2.5, '3'])
      expect((await setRhythm(user, { weekday, by_email: true, by_push: false })).statusCode).toBe(
        422,
      );
    expect(
      (await setRhythm(user, { weekday: 3, by_email: false, by_push: false })).statusCode,
    ).toBe(422);
    expect((await setRhythm(user, { weekday: 3, by_email: true })).statusCode).toBe(422);
    const ok = await setRhythm(user, { weekday: 3, by_email: true, by_push: false });
    expect(ok.statusCode).toBe(200);
    const got = await ctx.app.inject({ method: 'GET', url: rhythmUrl, headers: user.auth });
    expect(got.json()).toEqual({ weekday: 3, by_email: true, by_push: false });
    expect((await ctx.app.inject({ method: 'GET', url: rhythmUrl })).statusCode).toBe(401);
    expect(
      (await ctx.app.inject({ method: 'DELETE', url: rhythmUrl, headers: user.auth })).statusCode,
    ).toBe(200);
    expect(
      (await ctx.app.inject({ method: 'GET', url: rhythmUrl, headers: user.auth })).statusCode,
    ).toBe(204);
  });

  it('sends on her day her family’s question first, by mail and push, once a week, with one-click unsubscribe', async () => {
    const { owner, member } = await circleOf('immediate', { member: 'Marie' });
    await db()
      .insert(circleQuestions)
      .values([
        {
          ownerId: owner.id,
          askerId: member.id,
          text: 'Comment as-tu rencontré papa ?',
          createdAt: at(-60),
        },
        {
          ownerId: owner.id,
          askerId: member.id,
          text: 'Et ta première voiture ?',
          createdAt: at(-30),
        },
      ]);
    const b = browser(`/ok/rhythm-${owner.id}`);
    expect((await subscribe(owner, b)).statusCode).toBe(201);
    expect((await setRhythm(owner, { weekday: 3, by_email: true, by_push: true })).statusCode).toBe(
      200,
    );
    // Not on Tuesday, not before 9 o'clock on Wednesday.
    await news().runRhythm(at(-1 * DAYS));
    await news().runRhythm(new Date('2030-01-09T06:30:00Z'));
    expect(await mailsTo(owner.email)).toHaveLength(0);
    await news().runRhythm(WEDNESDAY);
    await news().runRhythm(at(60));
    const mails = await mailsTo(owner.email);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail.subject).toBe('Votre question de la semaine');
    expect(mail.text).toContain('Marie vous demande :');
    expect(mail.text).toContain('Comment as-tu rencontré papa ?');
    expect(mail.text).toContain('http://chapitres.test/?action=new-chapter');
    const push = pushed.filter((p) => p.path === `/ok/rhythm-${owner.id}`);
    expect(push).toHaveLength(1);
    expect(JSON.parse(decrypt(b, push[0].body))).toEqual({
      title: 'Marie vous demande',
      body: 'Comment as-tu rencontré papa ?',
      url: 'http://chapitres.test/?action=new-chapter',
    });
    // RFC 8058.
    expect(mail.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const link = /^<(http:\/\/chapitres\.test\/api\/v1\/rhythm\/unsubscribe\?token=[^>]+)>$/.exec(
      mail.headers?.['List-Unsubscribe'] ?? '',
    );
    expect(link).not.toBeNull();
    expect(mail.text).toContain(link![1]);
    const path = link![1].replace('http://chapitres.test', '');

    // Six days later (Tuesday) nothing; the next Wednesday, again.
    await news().runRhythm(at(6 * DAYS));
    await news().runRhythm(at(7 * DAYS));
    expect(await mailsTo(owner.email)).toHaveLength(2);

    // A forged token changes nothing and says nothing; a scanner's GET changes nothing either.
    const forged = await ctx.app.inject({
      method: 'POST',
      url: path.replace(/\.[\w-]+$/, '.forged'),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(forged.statusCode).toBe(200);
    const page = await ctx.app.inject({
      method: 'GET',
      url: path,
      headers: { 'accept-language': 'fr' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Arrêter la question de la semaine');
    expect(
      await db().select().from(storyRhythms).where(eq(storyRhythms.userId, owner.id)),
    ).toHaveLength(1);
    const oneClick = await ctx.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode).toBe(200);
    expect(forged.body).toBe(oneClick.body);
    expect(
      await db().select().from(storyRhythms).where(eq(storyRhythms.userId, owner.id)),
    ).toHaveLength(0);
    await news().runRhythm(at(14 * DAYS));
    expect(await mailsTo(owner.email)).toHaveLength(2);
    // Used again: the same answer.
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: path,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: 'List-Unsubscribe=One-Click',
        })
      ).statusCode,
    ).toBe(200);
  });

  it('carries the question the biographer will ask: not one from someone no longer in her circle', async () => {
    const owner = await createUser(ctx.app, { full_name: 'Simone' });
    const gone = await createUser(ctx.app, { full_name: 'Paulette' });
    await db()
      .insert(circleQuestions)
      .values({
        ownerId: owner.id,
        askerId: gone.id,
        text: 'Une question d’une personne partie ?',
        createdAt: at(-60),
      });
    expect(
      (await setRhythm(owner, { weekday: 3, by_email: true, by_push: false })).statusCode,
    ).toBe(200);
    await news().runRhythm(WEDNESDAY);
    const mails = await mailsTo(owner.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].text).not.toContain('Une question d’une personne partie ?');
    expect(mails[0].text).toContain('Voici une question pour un nouveau chapitre');
  });

  it('asks from the bank when the family has no question, and not in a week she told a story', async () => {
    const teller = await createUser(ctx.app, { full_name: 'Paul' });
    const busy = await createUser(ctx.app, { full_name: 'Louise' });
    for (const user of [teller, busy])
      expect(
        (await setRhythm(user, { weekday: 3, by_email: true, by_push: false })).statusCode,
      ).toBe(200);
    const id = await chapter(busy, 'Hier', 'Hier.');
    await db()
      .insert(chatMessages)
      .values({
        conversationId: id,
        userId: busy.id,
        type: 'user',
        content: 'Je me souviens…',
        createdAt: at(-2 * DAYS),
      });
    await news().runRhythm(WEDNESDAY);
    const mails = await mailsTo(teller.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain('Voici une question pour un nouveau chapitre');
    expect(mails[0].text).toMatch(/savez-vous/);
    expect(await mailsTo(busy.email)).toHaveLength(0);
    // A week without a story: her question comes.
    await news().runRhythm(at(7 * DAYS));
    expect(await mailsTo(busy.email)).toHaveLength(1);
  });
});

describe('the unsubscribe headers over SMTP', () => {
  it('sends List-Unsubscribe and List-Unsubscribe-Post as given', async () => {
    const { SMTPServer } = await import('smtp-server');
    const { SmtpMailTransport } = await import('../../src/providers/mail/smtp.ts');
    const { renderMail } = await import('../../src/providers/mail/templates.ts');
    let data = '';
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, callback) {
        stream.on('data', (chunk: Buffer) => (data += chunk.toString()));
        stream.on('end', () => callback());
      },
    });
    server.listen(0, '127.0.0.1');
    await once(server.server, 'listening');
    const smtp = new SmtpMailTransport(
      `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`,
      'Chapitres <no-reply@chapitres.test>',
    );
    const unsubscribe = 'http://chapitres.test/api/v1/rhythm/unsubscribe?token=abc.def';
    await smtp.send(
      renderMail('fr', 'jeanne@example.org', {
        kind: 'story_rhythm',
        name: 'Jeanne',
        question: 'Quel est votre premier souvenir ?',
        asker: null,
        link: 'http://chapitres.test/?action=new-chapter',
        unsubscribe,
      }),
    );
    await smtp.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    // Long headers are folded (RFC 5322): unfold before reading.
    const headers = data.split('\r\n\r\n')[0].replace(/\r\n[ \t]+/g, ' ');
    expect(headers).toContain(`List-Unsubscribe: <${unsubscribe}>`);
    expect(headers).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
  });
});
