// The family circle's core (issue 31): invitations (mail, single-use link, 14 days, re-send, expired,
// used, unknown, two acceptances at once), her members (role, relation, book, removal), a member's
// circles (notify, leave), releasing a chapter and taking it back, what members read (her text, her
// pictures credited, the visible words, never an address), the IDOR matrix, deletion and her export.
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../support/build.ts';
import { createUser, mailsTo, uniqueEmail, type TestUser } from '../support/factories.ts';
import { multipart } from '../support/multipart.ts';
import { chapterWords, circleMembers, circleQuestions, images } from '../../src/db/schema/index.ts';

const ctx = useTestApp({ env: { FREE_CHAPTERS: '1000' } });
type Reply = Awaited<ReturnType<FastifyInstance['inject']>>;
type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

function call(user: TestUser | null, method: Method, url: string, payload?: unknown) {
  return ctx.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: user ? user.auth : {},
    ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
  });
}

function expectError(response: Reply, status: number, type: string) {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json().detail[0].type).toBe(type);
}

function ok(response: Reply, status = 200) {
  expect(response.statusCode, response.body).toBe(status);
  return response.json();
}

const db = () => ctx.database.db;

/** The token of the newest invitation mailed to `email` (and the mail). */
async function invitationMail(email: string) {
  const [mail] = await mailsTo(ctx.app, email);
  expect(mail, `no mail to ${email}`).toBeDefined();
  const match = /\/circle\/join\?token=([A-Za-z0-9_\-%]+)/.exec(mail!.text);
  expect(match, mail!.text).not.toBeNull();
  return { mail: mail!, token: decodeURIComponent(match![1]!) };
}

/** The invitation mails sent to `email` (an account also got its address-validation mail). */
async function invitationsTo(email: string) {
  return (await mailsTo(ctx.app, email)).filter((m) => m.text.includes('/circle/join?token='));
}

async function invite(owner: TestUser, email: string, role = 'reader', relation?: string) {
  const response = await call(owner, 'POST', '/circle/members', {
    email,
    role,
    ...(relation !== undefined ? { relation } : {}),
  });
  return response;
}

/** A new account that joined `owner`'s circle with this role. */
async function join(owner: TestUser, role: 'reader' | 'contributor', fullName = 'Marie') {
  const member = await createUser(ctx.app, { full_name: fullName });
  const invited = ok(await invite(owner, member.email, role, 'ma fille'), 201);
  const { token } = await invitationMail(member.email);
  ok(await call(member, 'POST', `/circle/invitations/${encodeURIComponent(token)}/accept`));
  return { member, seatId: invited.id as string };
}

async function chapter(owner: TestUser, title: string, summary: string) {
  const created = ok(await call(owner, 'POST', '/conversations'), 201);
  ok(await call(owner, 'PATCH', `/conversations/${created.id}`, { title, summary }));
  return created.id as string;
}

async function storyteller(name = 'Jeanne Martin', language = 'fr-FR') {
  return createUser(ctx.app, { full_name: name, current_language: language });
}

const noAddress = (body: string) => expect(body).not.toMatch(/@/);

describe('invitations', () => {
  it('invites by mail with a single-use link valid 14 days, and the link makes a seat', async () => {
    const owner = await storyteller();
    const email = uniqueEmail('fille');
    const invited = ok(await invite(owner, email.toUpperCase(), 'contributor', ' ma fille '), 201);
    expect(invited).toMatchObject({
      email,
      name: null,
      relation: 'ma fille',
      role: 'contributor',
      status: 'invited',
      accepted_at: null,
      can_make_book: false,
    });
    const expires = Date.parse(invited.invite_expires_at);
    expect(expires - Date.now()).toBeGreaterThan(13.9 * 86_400_000);
    expect(expires - Date.now()).toBeLessThan(14.1 * 86_400_000);

    const { mail, token } = await invitationMail(email);
    expect(mail.text).toContain('http://chapitres.test/circle/join?token=');
    expect(mail.text).toContain('Jeanne Martin');
    expect(mail.subject).toContain('Jeanne Martin');
    // Only its SHA-256 is stored.
    const [row] = await db().select().from(circleMembers).where(eq(circleMembers.id, invited.id));
    expect(row!.inviteTokenHash).not.toBe(token);
    expect(row!.inviteTokenHash).toMatch(/^[0-9a-f]{64}$/);

    const info = ok(await call(null, 'GET', `/circle/invitations/${token}`));
    expect(info).toEqual({
      storyteller_name: 'Jeanne Martin',
      role: 'contributor',
      expires_at: invited.invite_expires_at,
    });

    // Accepted by an account of another address: the link is the proof.
    const daughter = await createUser(ctx.app, { full_name: 'Marie Martin' });
    const membership = ok(await call(daughter, 'POST', `/circle/invitations/${token}/accept`));
    expect(membership).toMatchObject({
      storyteller_id: owner.id,
      storyteller_name: 'Jeanne Martin',
      role: 'contributor',
      notify: 'immediate',
      can_make_book: false,
    });
    expect(ok(await call(daughter, 'GET', '/circles')).data).toEqual([membership]);

    const members = ok(await call(owner, 'GET', '/circle/members'));
    expect(members.count).toBe(1);
    expect(members.data[0]).toMatchObject({
      id: invited.id,
      email,
      name: 'Marie Martin',
      status: 'active',
      invite_expires_at: null,
    });
    expect(members.data[0].accepted_at).not.toBeNull();
  });

  it('accepting requires signing in; the info does not', async () => {
    const owner = await storyteller();
    const email = uniqueEmail();
    ok(await invite(owner, email), 201);
    const { token } = await invitationMail(email);
    expect((await call(null, 'POST', `/circle/invitations/${token}/accept`)).statusCode).toBe(401);
    ok(await call(null, 'GET', `/circle/invitations/${token}`));
  });

  it('an address already in the circle changes nothing and sends nothing', async () => {
    const owner = await storyteller();
    const email = uniqueEmail('petit-fils');
    const first = ok(await invite(owner, email, 'reader', 'mon petit-fils'), 201);
    const again = ok(await invite(owner, ` ${email.toUpperCase()} `, 'contributor', 'autre'), 200);
    expect(again).toEqual(first);
    expect(await invitationsTo(email)).toHaveLength(1);
    expect(ok(await call(owner, 'GET', '/circle/members')).count).toBe(1);

    // Once joined, too.
    const { member } = await join(owner, 'reader');
    const seat = ok(await call(owner, 'GET', '/circle/members')).data.find(
      (m: { email: string }) => m.email === member.email,
    );
    ok(await invite(owner, member.email, 'contributor'), 200);
    expect(await invitationsTo(member.email)).toHaveLength(1);
    expect(
      ok(await call(owner, 'GET', '/circle/members')).data.find(
        (m: { id: string }) => m.id === seat.id,
      ),
    ).toEqual(seat);
  });

  it('refuses a malformed address or relation (422)', async () => {
    const owner = await storyteller();
    expectError(await invite(owner, 'pas-une-adresse'), 422, 'validation_error');
    expectError(
      await invite(owner, uniqueEmail(), 'reader', 'x'.repeat(61)),
      422,
      'validation_error',
    );
    expectError(await invite(owner, uniqueEmail(), 'owner'), 422, 'validation_error');
  });

  it('sending again makes a new link and kills the old one', async () => {
    const owner = await storyteller();
    const email = uniqueEmail();
    const invited = ok(await invite(owner, email), 201);
    const { token: old } = await invitationMail(email);
    const resent = ok(await call(owner, 'POST', `/circle/members/${invited.id}/invitation`));
    expect(resent.id).toBe(invited.id);
    const mails = await mailsTo(ctx.app, email);
    expect(mails).toHaveLength(2);
    const { token } = await invitationMail(email);
    expect(token).not.toBe(old);
    expectError(await call(null, 'GET', `/circle/invitations/${old}`), 404, 'not_found');
    const person = await createUser(ctx.app);
    expectError(await call(person, 'POST', `/circle/invitations/${old}/accept`), 404, 'not_found');
    ok(await call(person, 'POST', `/circle/invitations/${token}/accept`));
    // A member has no invitation to send again.
    expectError(
      await call(owner, 'POST', `/circle/members/${invited.id}/invitation`),
      409,
      'already_in_circle',
    );
  });

  it('an expired link says so (410), an unknown one is 404', async () => {
    const owner = await storyteller();
    const email = uniqueEmail();
    const invited = ok(await invite(owner, email), 201);
    const { token } = await invitationMail(email);
    await db()
      .update(circleMembers)
      .set({ inviteExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(circleMembers.id, invited.id));
    expectError(await call(null, 'GET', `/circle/invitations/${token}`), 410, 'invitation_expired');
    const person = await createUser(ctx.app);
    expectError(
      await call(person, 'POST', `/circle/invitations/${token}/accept`),
      410,
      'invitation_expired',
    );
    expect(ok(await call(person, 'GET', '/circles')).count).toBe(0);
    expectError(await call(null, 'GET', '/circle/invitations/nothing-like-it'), 404, 'not_found');
    expectError(
      await call(person, 'POST', '/circle/invitations/nothing-like-it/accept'),
      404,
      'not_found',
    );
  });

  it('a used link says so (409) to anyone else; the one who used it gets their seat again', async () => {
    const owner = await storyteller();
    const email = uniqueEmail();
    ok(await invite(owner, email), 201);
    const { token } = await invitationMail(email);
    const first = await createUser(ctx.app);
    const membership = ok(await call(first, 'POST', `/circle/invitations/${token}/accept`));
    expect(ok(await call(first, 'POST', `/circle/invitations/${token}/accept`))).toEqual(
      membership,
    );
    const forwarded = await createUser(ctx.app);
    expectError(
      await call(forwarded, 'POST', `/circle/invitations/${token}/accept`),
      409,
      'invitation_used',
    );
    expectError(await call(null, 'GET', `/circle/invitations/${token}`), 409, 'invitation_used');
    expect(ok(await call(forwarded, 'GET', '/circles')).count).toBe(0);
  });

  it('two people accepting one link at once: one seat', async () => {
    const owner = await storyteller();
    const email = uniqueEmail();
    ok(await invite(owner, email), 201);
    const { token } = await invitationMail(email);
    const people = await Promise.all([1, 2, 3, 4].map(() => createUser(ctx.app)));
    const answers = await Promise.all(
      people.map((p) => call(p, 'POST', `/circle/invitations/${token}/accept`)),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    for (const answer of answers.filter((a) => a.statusCode !== 200))
      expectError(answer, 409, 'invitation_used');
    const seats = await db()
      .select()
      .from(circleMembers)
      .where(eq(circleMembers.ownerId, owner.id));
    expect(seats).toHaveLength(1);
    const winner = people[answers.findIndex((a) => a.statusCode === 200)]!;
    expect(seats[0]!.memberId).toBe(winner.id);
  });

  it('she cannot join her own circle (409), nor can a member join twice', async () => {
    const owner = await storyteller();
    const email = uniqueEmail();
    ok(await invite(owner, email), 201);
    const { token } = await invitationMail(email);
    expectError(
      await call(owner, 'POST', `/circle/invitations/${token}/accept`),
      409,
      'own_circle',
    );
    const { member } = await join(owner, 'reader');
    expectError(
      await call(member, 'POST', `/circle/invitations/${token}/accept`),
      409,
      'already_in_circle',
    );
    // The invitation is still there for the right person.
    ok(await call(null, 'GET', `/circle/invitations/${token}`));
  });

  it('trying links from one address is stopped (429), then works again', async () => {
    const { rateLimits } = await import('../../src/rate-limit.ts');
    const limiter = ctx.app.services.rateLimits;
    const rule = rateLimits.invitationsByIp;
    const address = '127.0.0.1';
    const left = rule.limit * ctx.config.rateLimitMultiplier - (await limiter.count(rule, address));
    await limiter.take(rule, address, left);
    try {
      expectError(
        await call(null, 'GET', '/circle/invitations/nothing-like-it'),
        429,
        'too_many_requests',
      );
      const person = await createUser(ctx.app);
      expectError(
        await call(person, 'POST', '/circle/invitations/nothing-like-it/accept'),
        429,
        'too_many_requests',
      );
    } finally {
      await limiter.release(rule, address, rule.limit * ctx.config.rateLimitMultiplier);
    }
    expectError(await call(null, 'GET', '/circle/invitations/nothing-like-it'), 404, 'not_found');
  });

  it('invitations count against her mails of the day (mail-user)', async () => {
    const owner = await storyteller();
    const limit = 20 * ctx.config.rateLimitMultiplier;
    // The shared counter already spent by other mails she triggered.
    const { rateLimits } = await import('../../src/rate-limit.ts');
    for (let i = 0; i < limit - 1; i++)
      await ctx.app.services.rateLimits.take(rateLimits.mailsByUser, owner.id);
    ok(await invite(owner, uniqueEmail()), 201);
    // An address already there sends nothing and is not counted.
    const again = ok(await call(owner, 'GET', '/circle/members')).data[0].email;
    ok(await invite(owner, again), 200);
    expectError(await invite(owner, uniqueEmail()), 429, 'too_many_requests');
    expect(ok(await call(owner, 'GET', '/circle/members')).count).toBe(1);
  });
});

describe('her members', () => {
  it('changes role, relation and the book wizard; the member sees the new role', async () => {
    const owner = await storyteller();
    const { member, seatId } = await join(owner, 'reader');
    const changed = ok(
      await call(owner, 'PATCH', `/circle/members/${seatId}`, {
        role: 'contributor',
        relation: 'ma petite-fille',
        can_make_book: true,
      }),
    );
    expect(changed).toMatchObject({
      role: 'contributor',
      relation: 'ma petite-fille',
      can_make_book: true,
      status: 'active',
    });
    expect(ok(await call(member, 'GET', '/circles')).data[0]).toMatchObject({
      role: 'contributor',
      can_make_book: true,
    });
    expect(
      ok(await call(owner, 'PATCH', `/circle/members/${seatId}`, { relation: null })).relation,
    ).toBeNull();
    expectError(
      await call(owner, 'PATCH', `/circle/members/${seatId}`, {}),
      422,
      'validation_error',
    );
    expectError(
      await call(owner, 'PATCH', `/circle/members/${seatId}`, { role: 'admin' }),
      422,
      'validation_error',
    );
  });

  it('removes a member: their very next request is a 404', async () => {
    const owner = await storyteller();
    const id = await chapter(owner, 'La ferme', 'Nous vivions à la ferme.');
    ok(await call(owner, 'POST', `/conversations/${id}/release`));
    const { member, seatId } = await join(owner, 'reader');
    ok(await call(member, 'GET', `/circles/${owner.id}/chapters/${id}`));
    ok(await call(owner, 'DELETE', `/circle/members/${seatId}`));
    expectError(await call(member, 'GET', `/circles/${owner.id}/chapters/${id}`), 404, 'not_found');
    expectError(await call(member, 'GET', `/circles/${owner.id}/chapters`), 404, 'not_found');
    expect(ok(await call(member, 'GET', '/circles')).count).toBe(0);
    expect(ok(await call(owner, 'GET', '/circle/members')).count).toBe(0);
    expectError(await call(owner, 'DELETE', `/circle/members/${seatId}`), 404, 'not_found');
  });

  it('removing someone still invited kills their link', async () => {
    const owner = await storyteller();
    const email = uniqueEmail();
    const invited = ok(await invite(owner, email), 201);
    const { token } = await invitationMail(email);
    ok(await call(owner, 'DELETE', `/circle/members/${invited.id}`));
    expectError(await call(null, 'GET', `/circle/invitations/${token}`), 404, 'not_found');
  });
});

describe('a member’s circles', () => {
  it('one person in two circles; notify preference; leaving', async () => {
    const grandmother = await storyteller('Jeanne');
    const other = await storyteller('Odette');
    const grandson = await createUser(ctx.app, { full_name: 'Paul' });
    for (const owner of [grandmother, other]) {
      ok(await invite(owner, grandson.email), 201);
      const { token } = await invitationMail(grandson.email);
      ok(await call(grandson, 'POST', `/circle/invitations/${token}/accept`));
    }
    const circles = ok(await call(grandson, 'GET', '/circles'));
    expect(circles.data.map((c: { storyteller_name: string }) => c.storyteller_name)).toEqual([
      'Jeanne',
      'Odette',
    ]);
    noAddress(JSON.stringify(circles));

    expect(
      ok(await call(grandson, 'PATCH', `/circles/${grandmother.id}`, { notify: 'weekly' })).notify,
    ).toBe('weekly');
    const [seat] = await db()
      .select()
      .from(circleMembers)
      .where(eq(circleMembers.ownerId, grandmother.id));
    expect(seat!.notify).toBe('weekly');
    expectError(
      await call(grandson, 'PATCH', `/circles/${grandmother.id}`, { notify: 'daily' }),
      422,
      'validation_error',
    );

    ok(await call(grandson, 'DELETE', `/circles/${grandmother.id}`));
    expect(ok(await call(grandson, 'GET', '/circles')).data).toHaveLength(1);
    expect(ok(await call(grandmother, 'GET', '/circle/members')).count).toBe(0);
    expectError(
      await call(grandson, 'GET', `/circles/${grandmother.id}/chapters`),
      404,
      'not_found',
    );
    expectError(await call(grandson, 'DELETE', `/circles/${grandmother.id}`), 404, 'not_found');
  });
});

describe('release and reading', () => {
  it('releases a chapter and takes it back; her chapter wire says when', async () => {
    const owner = await storyteller();
    const kept = await chapter(owner, 'Privé', 'Rien à voir.');
    const id = await chapter(owner, 'Le mariage', 'Nous nous sommes mariés en 1954.');
    const { member } = await join(owner, 'reader');
    expect(ok(await call(member, 'GET', `/circles/${owner.id}/chapters`)).count).toBe(0);
    expectError(await call(member, 'GET', `/circles/${owner.id}/chapters/${id}`), 404, 'not_found');

    const released = ok(await call(owner, 'POST', `/conversations/${id}/release`));
    expect(Date.parse(released.released_at)).toBeGreaterThan(Date.now() - 60_000);
    // Again: the first date stays.
    expect(ok(await call(owner, 'POST', `/conversations/${id}/release`))).toEqual(released);
    expect(ok(await call(owner, 'GET', `/conversations/${id}`)).released_at).toBe(
      released.released_at,
    );
    const list = ok(await call(owner, 'GET', '/conversations'));
    const byId = new Map(list.data.map((c: { id: string }) => [c.id, c]));
    expect((byId.get(id) as { released_at: string }).released_at).toBe(released.released_at);
    expect((byId.get(kept) as { released_at: string | null }).released_at).toBeNull();

    const seen = ok(await call(member, 'GET', `/circles/${owner.id}/chapters`));
    expect(seen.data.map((c: { id: string }) => c.id)).toEqual([id]);
    ok(await call(member, 'GET', `/circles/${owner.id}/chapters/${id}`));
    expectError(
      await call(member, 'GET', `/circles/${owner.id}/chapters/${kept}`),
      404,
      'not_found',
    );

    expect(ok(await call(owner, 'DELETE', `/conversations/${id}/release`))).toEqual({
      released_at: null,
    });
    expect(ok(await call(owner, 'GET', `/conversations/${id}`)).released_at).toBeNull();
    const after = ok(await call(owner, 'GET', '/conversations'));
    expect(after.data.find((c: { id: string }) => c.id === id).released_at).toBeNull();
    expect(ok(await call(member, 'GET', `/circles/${owner.id}/chapters`)).count).toBe(0);
    expectError(await call(member, 'GET', `/circles/${owner.id}/chapters/${id}`), 404, 'not_found');
  });

  it('a member reads her text, her pictures credited and the visible words, never an address', async () => {
    const owner = await storyteller('Jeanne Martin', 'fr-FR');
    const long = `${'Je suis née à Quimper, au bord de l’Odet, dans une maison de pierre. '.repeat(8)}Fin.`;
    const id = await chapter(owner, 'Quimper', long);
    const { member: daughter } = await join(owner, 'contributor', 'Marie');
    const { member: grandson } = await join(owner, 'reader', 'Paul');

    // Three pictures: hers, one Marie gave, one given by someone whose account is gone.
    const photo = await sharp({
      create: { width: 300, height: 200, channels: 3, background: '#8a5a44' },
    })
      .jpeg()
      .toBuffer();
    const ids: string[] = [];
    for (const legend of ['La maison', 'Le port', 'La plage']) {
      const body = multipart([
        { name: 'file', filename: 'p.jpg', contentType: 'image/jpeg', data: photo },
        { name: 'legend', value: legend },
      ]);
      const uploaded = await ctx.app.inject({
        method: 'POST',
        url: `/api/v1/conversations/${id}/images`,
        headers: { ...owner.auth, ...body.headers },
        payload: body.payload,
      });
      ids.push(ok(uploaded, 201).id);
    }
    await db()
      .update(images)
      .set({ contributed: true, contributorId: daughter.id })
      .where(eq(images.id, ids[1]!));
    await db()
      .update(images)
      .set({ contributed: true, contributorId: null })
      .where(eq(images.id, ids[2]!));

    await db()
      .insert(chapterWords)
      .values([
        {
          conversationId: id,
          authorId: daughter.id,
          text: 'Merci maman.',
          createdAt: new Date(Date.now() - 60_000),
        },
        { conversationId: id, authorId: grandson.id, text: 'Caché', hiddenAt: new Date() },
        { conversationId: id, authorId: grandson.id, text: 'Bravo mamie !', printed: true },
      ]);
    ok(await call(owner, 'POST', `/conversations/${id}/release`));

    const list = ok(await call(grandson, 'GET', `/circles/${owner.id}/chapters`));
    expect(list.count).toBe(1);
    const summary = list.data[0];
    expect(summary.title).toBe('Quimper');
    expect(summary.first_lines.length).toBeLessThanOrEqual(201);
    expect(summary.first_lines.length).toBeGreaterThan(150);
    expect(summary.first_lines.endsWith('…')).toBe(true);
    expect(long.startsWith(summary.first_lines.slice(0, -1))).toBe(true);
    const thumbnail = await ctx.app.inject({
      method: 'GET',
      url: summary.thumbnail_url.replace(/^https?:\/\/[^/]+/, ''),
    });
    expect(thumbnail.statusCode).toBe(200);
    expect(thumbnail.headers['content-type']).toMatch(/^image\//);

    const read = await call(grandson, 'GET', `/circles/${owner.id}/chapters/${id}`);
    const story = ok(read);
    noAddress(read.body);
    expect(story.text).toBe(long.trim());
    expect(story.title).toBe('Quimper');
    expect(
      story.pictures.map((p: { legend: string; credit: string | null }) => [p.legend, p.credit]),
    ).toEqual([
      ['La maison', null],
      ['Le port', 'Marie'],
      ['La plage', 'un proche'],
    ]);
    expect(
      story.words.map(
        (w: { author_name: string; text: string; mine: boolean; hidden: boolean }) => [
          w.author_name,
          w.text,
          w.mine,
          w.hidden,
        ],
      ),
    ).toEqual([
      ['Marie', 'Merci maman.', false, false],
      ['Paul', 'Bravo mamie !', true, false],
    ]);
    expect(story.words[1].printed).toBe(true);
    // Nothing of the chapter's drafts, conversation or recordings in the wire.
    expect(Object.keys(story).sort()).toEqual(
      ['id', 'keywords', 'pictures', 'released_at', 'text', 'title', 'updated_at', 'words'].sort(),
    );

    // Her current text: an edit shows at the next read.
    ok(await call(owner, 'PATCH', `/conversations/${id}`, { summary: 'Nouvelle version.' }));
    expect(ok(await call(daughter, 'GET', `/circles/${owner.id}/chapters/${id}`)).text).toBe(
      'Nouvelle version.',
    );
    // Her member list holds the addresses; no member-side answer does.
    for (const url of ['/circles', `/circles/${owner.id}/chapters`])
      noAddress((await call(daughter, 'GET', url)).body);
  });

  it('credits « a relative » in her language when the giver is gone', async () => {
    const owner = await storyteller('Jane', 'en-GB');
    const id = await chapter(owner, 'London', 'I was born in London.');
    const photo = await sharp({
      create: { width: 80, height: 60, channels: 3, background: '#123456' },
    })
      .png()
      .toBuffer();
    const body = multipart([
      { name: 'file', filename: 'p.png', contentType: 'image/png', data: photo },
    ]);
    const uploaded = ok(
      await ctx.app.inject({
        method: 'POST',
        url: `/api/v1/conversations/${id}/images`,
        headers: { ...owner.auth, ...body.headers },
        payload: body.payload,
      }),
      201,
    );
    const { member } = await join(owner, 'contributor', 'Sam');
    await db()
      .update(images)
      .set({ contributed: true, contributorId: member.id })
      .where(eq(images.id, uploaded.id));
    ok(await call(owner, 'POST', `/conversations/${id}/release`));
    expect(
      ok(await call(member, 'GET', `/circles/${owner.id}/chapters/${id}`)).pictures[0].credit,
    ).toBe('Sam');
    // Sam's account goes: the photo stays, credited « a relative ».
    ok(await call(member, 'DELETE', '/users/me'));
    const { member: reader } = await join(owner, 'reader', 'Ann');
    expect(
      ok(await call(reader, 'GET', `/circles/${owner.id}/chapters/${id}`)).pictures[0].credit,
    ).toBe('a relative');
  });
});

describe('the IDOR matrix', () => {
  /**
   * Her circle with a released and a private chapter, a reader, a contributor, a removed member, someone
   * invited who has not accepted, someone outside, and another storyteller with her own released chapter.
   */
  async function world() {
    const owner = await storyteller('Jeanne');
    const released = await chapter(owner, 'Publié', 'Texte publié.');
    const draft = await chapter(owner, 'Brouillon', 'Texte privé.');
    ok(await call(owner, 'POST', `/conversations/${released}/release`));
    const { member: reader } = await join(owner, 'reader', 'Lecteur');
    const { member: contributor } = await join(owner, 'contributor', 'Contributrice');
    const { member: removed, seatId: removedSeat } = await join(owner, 'reader', 'Parti');
    ok(await call(owner, 'DELETE', `/circle/members/${removedSeat}`));
    const invitedPerson = await createUser(ctx.app, { full_name: 'Invitée' });
    const pending = ok(await invite(owner, invitedPerson.email), 201);
    const outsider = await createUser(ctx.app, { full_name: 'Dehors' });
    const otherOwner = await storyteller('Odette');
    const otherChapter = await chapter(otherOwner, 'Ailleurs', 'Autre histoire.');
    ok(await call(otherOwner, 'POST', `/conversations/${otherChapter}/release`));
    const otherInvite = ok(await invite(otherOwner, uniqueEmail()), 201);
    return {
      owner,
      released,
      draft,
      reader,
      contributor,
      removed,
      invitedPerson,
      pendingId: pending.id as string,
      outsider,
      otherOwner,
      otherChapter,
      otherInviteId: otherInvite.id as string,
    };
  }

  it('member-side routes: members ✓; outsider, removed, invited, the storyteller herself 404', async () => {
    const w = await world();
    const sid = w.owner.id;
    const reads: [Method, string, unknown?][] = [
      ['GET', `/circles/${sid}/chapters`],
      ['GET', `/circles/${sid}/chapters/${w.released}`],
      ['PATCH', `/circles/${sid}`, { notify: 'never' }],
    ];
    for (const member of [w.reader, w.contributor])
      for (const [method, url, payload] of reads) {
        const response = await call(member, method, url, payload);
        expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(200);
        noAddress(response.body);
      }
    for (const person of [w.outsider, w.removed, w.invitedPerson, w.owner, w.otherOwner])
      for (const [method, url, payload] of [...reads, ['DELETE', `/circles/${sid}`] as const]) {
        const response = await call(person, method as Method, url, payload);
        expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(404);
      }
    // A chapter not released, another storyteller's chapter, a chapter id that is no id: 404 to members.
    for (const id of [w.draft, w.otherChapter, 'not-a-uuid', crypto.randomUUID()])
      expectError(await call(w.reader, 'GET', `/circles/${sid}/chapters/${id}`), 404, 'not_found');
    // Another circle through hers, and a storyteller id that is no id.
    expectError(
      await call(w.reader, 'GET', `/circles/${w.otherOwner.id}/chapters`),
      404,
      'not_found',
    );
    expectError(
      await call(w.reader, 'GET', `/circles/${w.otherOwner.id}/chapters/${w.otherChapter}`),
      404,
      'not_found',
    );
    expectError(await call(w.reader, 'GET', '/circles/nobody/chapters'), 404, 'not_found');
    // A member's own list holds only their circles.
    expect(
      ok(await call(w.reader, 'GET', '/circles')).data.map(
        (c: { storyteller_id: string }) => c.storyteller_id,
      ),
    ).toEqual([sid]);
    expect(ok(await call(w.outsider, 'GET', '/circles')).count).toBe(0);
    expect(ok(await call(w.invitedPerson, 'GET', '/circles')).count).toBe(0);
    // Leaving is a member's own: ✓ for each.
    for (const member of [w.reader, w.contributor])
      ok(await call(member, 'DELETE', `/circles/${sid}`));
  });

  it('storyteller-side routes: she ✓; members, outsiders and other storytellers 404', async () => {
    const w = await world();
    const others = [w.reader, w.contributor, w.removed, w.invitedPerson, w.outsider, w.otherOwner];
    const hers: [Method, string, unknown?][] = [
      ['PATCH', `/circle/members/${w.pendingId}`, { relation: 'ma sœur' }],
      ['POST', `/circle/members/${w.pendingId}/invitation`],
      ['POST', `/conversations/${w.draft}/release`],
      ['DELETE', `/conversations/${w.draft}/release`],
    ];
    for (const person of others)
      for (const [method, url, payload] of [
        ...hers,
        ['DELETE', `/circle/members/${w.pendingId}`] as const,
      ]) {
        const response = await call(person, method as Method, url, payload);
        expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(404);
      }
    // Others' lists are their own circles (empty here), never hers.
    for (const person of others) {
      const response = await call(person, 'GET', '/circle/members');
      expect(response.json().data.some((m: { id: string }) => m.id === w.pendingId)).toBe(false);
    }
    for (const [method, url, payload] of hers) {
      const response = await call(w.owner, method, url, payload);
      expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(200);
    }
    const list = ok(await call(w.owner, 'GET', '/circle/members'));
    expect(list.count).toBe(3);
    // Another storyteller's member and chapter, through her own routes: 404.
    for (const [method, url, payload] of [
      ['PATCH', `/circle/members/${w.otherInviteId}`, { role: 'contributor' }],
      ['POST', `/circle/members/${w.otherInviteId}/invitation`],
      ['DELETE', `/circle/members/${w.otherInviteId}`],
      ['POST', `/conversations/${w.otherChapter}/release`],
      ['DELETE', `/conversations/${w.otherChapter}/release`],
      ['PATCH', '/circle/members/not-a-uuid', { role: 'reader' }],
      ['POST', '/conversations/not-a-uuid/release'],
    ] as const) {
      const response = await call(w.owner, method as Method, url, payload);
      expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(404);
    }
    // The other storyteller's chapter is still released, and her invitation still there.
    expect(
      ok(await call(w.otherOwner, 'GET', `/conversations/${w.otherChapter}`)).released_at,
    ).not.toBeNull();
    expect(ok(await call(w.otherOwner, 'GET', '/circle/members')).count).toBe(1);
    ok(await call(w.owner, 'DELETE', `/circle/members/${w.pendingId}`));
  });

  it('members never get an address of another member', async () => {
    const w = await world();
    for (const url of [
      '/circles',
      `/circles/${w.owner.id}/chapters`,
      `/circles/${w.owner.id}/chapters/${w.released}`,
    ]) {
      const body = (await call(w.reader, 'GET', url)).body;
      for (const person of [w.contributor, w.owner, w.invitedPerson])
        expect(body).not.toContain(person.email);
      noAddress(body);
    }
  });
});

describe('deletion and export', () => {
  it('her deletion ends every seat; a member’s deletion removes their seat and what they wrote', async () => {
    const owner = await storyteller();
    const id = await chapter(owner, 'Titre', 'Texte.');
    ok(await call(owner, 'POST', `/conversations/${id}/release`));
    const { member: stays } = await join(owner, 'reader', 'Reste');
    const { member: goes } = await join(owner, 'contributor', 'Part');
    await db()
      .insert(chapterWords)
      .values({ conversationId: id, authorId: goes.id, text: 'Un mot' });
    await db()
      .insert(circleQuestions)
      .values({ ownerId: owner.id, askerId: goes.id, text: 'Question ?' });
    ok(await call(goes, 'DELETE', '/users/me'));
    const members = ok(await call(owner, 'GET', '/circle/members'));
    expect(members.data.map((m: { name: string }) => m.name)).toEqual(['Reste']);
    expect(
      await db().select().from(chapterWords).where(eq(chapterWords.authorId, goes.id)),
    ).toEqual([]);
    expect(
      await db().select().from(circleQuestions).where(eq(circleQuestions.askerId, goes.id)),
    ).toEqual([]);

    ok(await call(owner, 'DELETE', '/users/me'));
    expect(ok(await call(stays, 'GET', '/circles')).count).toBe(0);
    expectError(await call(stays, 'GET', `/circles/${owner.id}/chapters`), 404, 'not_found');
    expect(
      await db().select().from(circleMembers).where(eq(circleMembers.ownerId, owner.id)),
    ).toEqual([]);
  });

  it(
    'her export holds the circle’s questions and words, in her language',
    { timeout: 60_000 },
    async () => {
      const owner = await storyteller('Jeanne');
      const id = await chapter(owner, 'La guerre', 'Texte.');
      const { member } = await join(owner, 'contributor', 'Marie');
      await db()
        .insert(circleQuestions)
        .values([
          { ownerId: owner.id, askerId: member.id, text: 'Comment as-tu rencontré papa ?' },
          { ownerId: owner.id, askerId: member.id, text: 'Et la guerre ?', declinedAt: new Date() },
        ]);
      await db()
        .insert(chapterWords)
        .values({ conversationId: id, authorId: member.id, text: 'Quelle histoire.' });
      ok(await call(owner, 'POST', '/users/me/export'), 202);
      await ctx.app.services.queue.drain(60_000);
      const ready = ok(await call(owner, 'GET', '/users/me/export'));
      expect(ready.status).toBe('ready');
      const zip = await ctx.app.inject({
        method: 'GET',
        url: ready.url.replace(/^https?:\/\/[^/]+/, ''),
      });
      const files = unzipSync(new Uint8Array(zip.rawPayload));
      const text = strFromU8(files['cercle-familial.txt']!);
      expect(text).toContain('Les questions de la famille');
      expect(text).toContain('« Comment as-tu rencontré papa ? »');
      expect(text).toContain('Posée par Marie (ma fille) — en attente');
      expect(text).toContain('mise de côté');
      expect(text).toContain('Chapitre « La guerre » — Marie (ma fille)');
      expect(text).toContain('Quelle histoire.');
      noAddress(text);

      // Nobody in her circle wrote anything: no such file.
      const alone = await storyteller('Seule');
      expect(
        await ctx.app.services.circle.exportText(
          (await ctx.app.services.accounts.findUser(alone.id))!,
        ),
      ).toBeNull();
    },
  );
});

describe('release hooks', () => {
  it('run once when a chapter is newly released, not when released again', async () => {
    const owner = await storyteller();
    const id = await chapter(owner, 'Titre', 'Texte.');
    const calls: [string, string][] = [];
    ctx.app.services.circle.onChapterReleased(async (ownerId, conversationId) => {
      if (ownerId === owner.id) calls.push([ownerId, conversationId]);
    });
    ok(await call(owner, 'POST', `/conversations/${id}/release`));
    ok(await call(owner, 'POST', `/conversations/${id}/release`));
    expect(calls).toEqual([[owner.id, id]]);
    ok(await call(owner, 'DELETE', `/conversations/${id}/release`));
    ok(await call(owner, 'POST', `/conversations/${id}/release`));
    expect(calls).toHaveLength(2);
  });
});
