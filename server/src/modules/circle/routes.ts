// Routes of the family circle's core (issue 31; docs/api.md « The family circle »): her members and
// releases, the invitation links, a member's circles and reading. Bearer auth everywhere but
// `GET /circle/invitations/{token}`, which says what a link is before one signs in.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import { currentUser } from '../../auth/plugin.ts';
import { Message } from '../../contract/accounts.ts';
import {
  CircleChapter,
  CircleChapterList,
  CircleMember,
  CircleMemberList,
  InvitationInfo,
  InviteBody,
  Membership,
  MembershipList,
  Release,
  UpdateMemberBody,
  UpdateMembershipBody,
} from '../../contract/circle.ts';
import { rateLimits, type RateLimits } from '../../rate-limit.ts';
import type { CircleService } from './service.ts';

const bearer = [{ bearerAuth: [] }];
const tags = ['circle'];
const idParams = Type.Object({ id: Type.String() });
const tokenParams = Type.Object({ token: Type.String({ maxLength: 200 }) });
const circleParams = Type.Object({ storytellerId: Type.String() });
const circleChapterParams = Type.Object({ storytellerId: Type.String(), id: Type.String() });

function params<T>(request: FastifyRequest): T {
  return request.params as T;
}

export function circleRoutes(circle: CircleService, limits: RateLimits) {
  return async function (app: FastifyInstance) {
    // ------------------------------------------------------------ the invitation (no sign-in)
    app.get(
      '/circle/invitations/:token',
      {
        schema: { tags, params: tokenParams, response: { 200: InvitationInfo } },
        preHandler: limits.hook(rateLimits.invitationsByIp),
      },
      async (request) => circle.invitation(params<{ token: string }>(request).token),
    );

    await app.register(async (signedIn) => {
      signedIn.addHook('onRequest', app.authenticate);
      const schema = { tags, security: bearer };

      signedIn.post(
        '/circle/invitations/:token/accept',
        {
          schema: { ...schema, params: tokenParams, response: { 200: Membership } },
          preHandler: limits.hook(rateLimits.invitationsByIp),
        },
        async (request) =>
          circle.accept(currentUser(request), params<{ token: string }>(request).token),
      );

      // ---------------------------------------------------------- her members
      signedIn.get(
        '/circle/members',
        { schema: { ...schema, response: { 200: CircleMemberList } } },
        async (request) => circle.members(currentUser(request)),
      );
      signedIn.post(
        '/circle/members',
        {
          schema: {
            ...schema,
            body: InviteBody,
            response: { 200: CircleMember, 201: CircleMember },
          },
        },
        async (request, reply) => {
          const user = currentUser(request);
          const body = request.body as InviteBody;
          // An address already there changes nothing and sends nothing: not counted.
          const existing = await circle.memberByEmail(user, body.email);
          if (existing) return reply.code(200).send(existing);
          // An invitation is a mail she makes the server send: counted with the others (mail-user).
          await limits.take(rateLimits.mailsByUser, user.id);
          let result: Awaited<ReturnType<CircleService['invite']>>;
          try {
            result = await circle.invite(user, body);
          } catch (error) {
            await limits.release(rateLimits.mailsByUser, user.id);
            throw error;
          }
          if (!result.created) {
            await limits.release(rateLimits.mailsByUser, user.id);
            return reply.code(200).send(result.member);
          }
          return reply.code(201).send(result.member);
        },
      );
      signedIn.patch(
        '/circle/members/:id',
        {
          schema: {
            ...schema,
            params: idParams,
            body: UpdateMemberBody,
            response: { 200: CircleMember },
          },
        },
        async (request) =>
          circle.updateMember(
            currentUser(request),
            params<{ id: string }>(request).id,
            request.body as UpdateMemberBody,
          ),
      );
      signedIn.delete(
        '/circle/members/:id',
        { schema: { ...schema, params: idParams, response: { 200: Message } } },
        async (request) => {
          await circle.removeMember(currentUser(request), params<{ id: string }>(request).id);
          return { message: 'removed' };
        },
      );
      signedIn.post(
        '/circle/members/:id/invitation',
        { schema: { ...schema, params: idParams, response: { 200: CircleMember } } },
        async (request) => {
          const user = currentUser(request);
          await limits.take(rateLimits.mailsByUser, user.id);
          try {
            return await circle.resend(user, params<{ id: string }>(request).id);
          } catch (error) {
            await limits.release(rateLimits.mailsByUser, user.id);
            throw error;
          }
        },
      );

      // ---------------------------------------------------------- her releases
      signedIn.post(
        '/conversations/:id/release',
        { schema: { ...schema, params: idParams, response: { 200: Release } } },
        async (request) => circle.release(currentUser(request), params<{ id: string }>(request).id),
      );
      signedIn.delete(
        '/conversations/:id/release',
        { schema: { ...schema, params: idParams, response: { 200: Release } } },
        async (request) =>
          circle.withdraw(currentUser(request), params<{ id: string }>(request).id),
      );

      // ---------------------------------------------------------- a member's circles
      signedIn.get(
        '/circles',
        { schema: { ...schema, response: { 200: MembershipList } } },
        async (request) => circle.memberships(currentUser(request)),
      );
      signedIn.patch(
        '/circles/:storytellerId',
        {
          schema: {
            ...schema,
            params: circleParams,
            body: UpdateMembershipBody,
            response: { 200: Membership },
          },
        },
        async (request) =>
          circle.setNotify(
            currentUser(request),
            params<{ storytellerId: string }>(request).storytellerId,
            (request.body as UpdateMembershipBody).notify,
          ),
      );
      signedIn.delete(
        '/circles/:storytellerId',
        { schema: { ...schema, params: circleParams, response: { 200: Message } } },
        async (request) => {
          await circle.leave(
            currentUser(request),
            params<{ storytellerId: string }>(request).storytellerId,
          );
          return { message: 'left' };
        },
      );
      signedIn.get(
        '/circles/:storytellerId/chapters',
        { schema: { ...schema, params: circleParams, response: { 200: CircleChapterList } } },
        async (request) =>
          circle.chapters(
            currentUser(request),
            params<{ storytellerId: string }>(request).storytellerId,
          ),
      );
      signedIn.get(
        '/circles/:storytellerId/chapters/:id',
        { schema: { ...schema, params: circleChapterParams, response: { 200: CircleChapter } } },
        async (request) => {
          const { storytellerId, id } = params<{ storytellerId: string; id: string }>(request);
          return circle.chapter(currentUser(request), storytellerId, id);
        },
      );
    });
  };
}
