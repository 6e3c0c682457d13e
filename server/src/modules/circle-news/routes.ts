// Routes of the news and the weekly question: Web Push subscriptions (/push), her rhythm
// (/users/me/rhythm), and the one-click unsubscribe of the rhythm mails (/rhythm/unsubscribe, no sign-in).
import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import { currentUser } from '../../auth/plugin.ts';
import { publicPageHeaders } from '../../html.ts';
import { Message } from '../../contract/accounts.ts';
import {
  PushEndpointBody,
  PushKey,
  PushSubscriptionBody,
  StoryRhythm,
} from '../../contract/circle-news.ts';
import { pickLocale } from '../../i18n/messages.ts';
import { unsubscribeAskPage, unsubscribeDonePage } from './page.ts';
import type { CircleNewsService } from './service.ts';

export function circleNewsRoutes(news: CircleNewsService) {
  return async function (app: FastifyInstance) {
    app.get(
      '/push/key',
      { schema: { tags: ['notifications'], response: { 200: PushKey } } },
      async () => news.publicKey(),
    );

    await app.register(async (signedIn) => {
      signedIn.addHook('onRequest', app.authenticate);
      const security = [{ bearerAuth: [] }];
      signedIn.post(
        '/push/subscriptions',
        {
          schema: {
            tags: ['notifications'],
            security,
            body: PushSubscriptionBody,
            response: { 201: Message },
          },
        },
        async (request, reply) => {
          await news.subscribe(currentUser(request), request.body as PushSubscriptionBody);
          return reply.code(201).send({ message: 'subscribed' });
        },
      );
      signedIn.delete(
        '/push/subscriptions',
        {
          schema: {
            tags: ['notifications'],
            security,
            body: PushEndpointBody,
            response: { 200: Message },
          },
        },
        async (request) => {
          await news.forgetSubscription(
            currentUser(request),
            (request.body as PushEndpointBody).endpoint,
          );
          return { message: 'unsubscribed' };
        },
      );
      signedIn.get(
        '/users/me/rhythm',
        {
          schema: {
            tags: ['notifications'],
            security,
            response: { 200: StoryRhythm, 204: Type.Null() },
          },
        },
        async (request, reply) => {
          const rhythm = await news.rhythm(currentUser(request));
          return rhythm ?? reply.code(204).send();
        },
      );
      signedIn.put(
        '/users/me/rhythm',
        {
          schema: {
            tags: ['notifications'],
            security,
            body: StoryRhythm,
            response: { 200: StoryRhythm },
          },
        },
        async (request) => news.setRhythm(currentUser(request), request.body as StoryRhythm),
      );
      signedIn.delete(
        '/users/me/rhythm',
        { schema: { tags: ['notifications'], security, response: { 200: Message } } },
        async (request) => {
          await news.stopRhythm(currentUser(request).id);
          return { message: 'stopped' };
        },
      );
    });
  };
}

const unsubscribeQuery = Type.Object({ token: Type.String({ maxLength: 200, default: '' }) });

/** Registered under /api/v1 like the rest, but pages: the link of every rhythm mail. */
export function rhythmUnsubscribeRoutes(news: CircleNewsService, publicUrl: string) {
  return async function (app: FastifyInstance) {
    publicPageHeaders(app);
    app.get(
      '/rhythm/unsubscribe',
      { schema: { hide: true, querystring: unsubscribeQuery } },
      async (request, reply) => {
        const { token } = request.query as { token: string };
        const locale = pickLocale(null, request.headers['accept-language']);
        return reply
          .type('text/html; charset=utf-8')
          .send(
            unsubscribeAskPage(
              locale,
              `${publicUrl}/api/v1/rhythm/unsubscribe?token=${encodeURIComponent(token)}`,
            ),
          );
      },
    );
    // RFC 8058: the mail client POSTs `List-Unsubscribe=One-Click`; the answer is the same whatever the
    // token (valid, forged, already used), so it tells nothing about anyone.
    app.post(
      '/rhythm/unsubscribe',
      { schema: { hide: true, querystring: unsubscribeQuery } },
      async (request, reply) => {
        await news.unsubscribeByToken((request.query as { token: string }).token);
        const locale = pickLocale(null, request.headers['accept-language']);
        return reply
          .type('text/html; charset=utf-8')
          .send(unsubscribeDonePage(locale, `${publicUrl}/`));
      },
    );
  };
}
