// HTTP routes of the onboarding module (api.md § Onboarding, spec §7).
import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import { currentUser } from '../../auth/plugin.ts';
import { Message } from '../../contract/accounts.ts';
import {
  AnswersQuery,
  CreateAnswerBody,
  OnboardingAnswer,
  OnboardingAnswerList,
  OnboardingQuestionList,
  QuestionsQuery,
  UpdateAnswerBody,
} from '../../contract/onboarding.ts';
import type { OnboardingService, QuestionsStatus } from './service.ts';

const bearer = [{ bearerAuth: [] }];
const tags = ['onboarding'];
// Any text: a malformed id is a 404 like an unknown one (docs/api.md).
const IdParams = Type.Object({ id: Type.String() });

export function onboardingRoutes(onboarding: OnboardingService) {
  return async function (app: FastifyInstance) {
    app.addHook('onRequest', app.authenticate);

    app.get(
      '/onboardings/questions',
      {
        schema: {
          tags,
          security: bearer,
          querystring: QuestionsQuery,
          response: { 200: OnboardingQuestionList },
        },
      },
      async (request) => {
        const query = request.query as {
          skip: number;
          limit: number;
          questions_status: QuestionsStatus;
        };
        return onboarding.questions(
          currentUser(request),
          query.questions_status ?? 'all',
          query.skip ?? 0,
          query.limit ?? 100,
        );
      },
    );

    app.get(
      '/onboardings/answers',
      {
        schema: {
          tags,
          security: bearer,
          querystring: AnswersQuery,
          response: { 200: OnboardingAnswerList },
        },
      },
      async (request) => {
        const query = request.query as { skip: number; limit: number };
        return onboarding.answers(currentUser(request), query.skip ?? 0, query.limit ?? 100);
      },
    );

    app.post(
      '/onboardings/answers',
      {
        schema: {
          tags,
          security: bearer,
          body: CreateAnswerBody,
          response: { 200: OnboardingAnswer, 201: OnboardingAnswer },
        },
      },
      async (request, reply) => {
        const body = request.body as CreateAnswerBody;
        const { answer, created } = await onboarding.answer(
          currentUser(request),
          body.question_id,
          body.answer,
        );
        return reply.code(created ? 201 : 200).send(answer);
      },
    );

    app.patch(
      '/onboardings/answers/:id',
      {
        schema: {
          tags,
          security: bearer,
          params: IdParams,
          body: UpdateAnswerBody,
          response: { 200: OnboardingAnswer },
        },
      },
      async (request) => {
        const { id } = request.params as { id: string };
        return onboarding.updateAnswer(
          currentUser(request),
          id,
          (request.body as UpdateAnswerBody).answer,
        );
      },
    );

    app.delete(
      '/onboardings/answers/:id',
      { schema: { tags, security: bearer, params: IdParams, response: { 200: Message } } },
      async (request) => {
        const { id } = request.params as { id: string };
        await onboarding.deleteAnswer(currentUser(request), id);
        return { message: 'deleted' };
      },
    );
  };
}
