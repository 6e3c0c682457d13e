// Routes of what the family circle gives (docs/api.md « Questions, words and photos from the family »):
// her side under /circle/questions and her chapters (/conversations/{id}/words, …/suggested-photos), a
// member's under /circles/{storytellerId}. Ids are any text: a malformed one is a 404 like an unknown one.
import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { Type } from '@sinclair/typebox';
import { currentUser } from '../../auth/plugin.ts';
import { AppError } from '../../errors.ts';
import type { RateLimits } from '../../rate-limit.ts';
import { rateLimits as rules } from '../../rate-limit.ts';
import { Message } from '../../contract/accounts.ts';
import {
  AskBody,
  ChapterWord,
  ChapterWordList,
  CircleQuestion,
  CircleQuestionList,
  SuggestedPhoto,
  SuggestedPhotoList,
  UpdateWordBody,
  WordBody,
} from '../../contract/circle.ts';
import { ChapterImage } from '../../contract/images.ts';
import { readUpload, uploadMultipartOptions } from '../images/routes.ts';
import type { CircleContributionsService } from './service.ts';

const bearer = [{ bearerAuth: [] }];
const tags = ['circle'];
const QuestionParams = Type.Object({ id: Type.String() });
const ChapterParams = Type.Object({ id: Type.String() });
const WordParams = Type.Object({ id: Type.String(), wordId: Type.String() });
const PhotoParams = Type.Object({ id: Type.String(), photoId: Type.String() });
const CircleParams = Type.Object({ storytellerId: Type.String() });
const CircleChapterParams = Type.Object({ storytellerId: Type.String(), id: Type.String() });
const CircleWordParams = Type.Object({
  storytellerId: Type.String(),
  id: Type.String(),
  wordId: Type.String(),
});

export function circleContributionsRoutes(
  contributions: CircleContributionsService,
  limits: RateLimits,
) {
  return async function (app: FastifyInstance) {
    await app.register(multipart, uploadMultipartOptions);
    app.addHook('onRequest', app.authenticate);

    // ------------------------------------------------------------ hers

    app.get(
      '/circle/questions',
      { schema: { tags, security: bearer, response: { 200: CircleQuestionList } } },
      async (request) => contributions.questionsOf(currentUser(request)),
    );

    app.delete(
      '/circle/questions/:id',
      { schema: { tags, security: bearer, params: QuestionParams, response: { 200: Message } } },
      async (request) => {
        await contributions.decline(currentUser(request), (request.params as { id: string }).id);
        return { message: 'declined' };
      },
    );

    app.get(
      '/conversations/:id/words',
      {
        schema: {
          tags,
          security: bearer,
          params: ChapterParams,
          response: { 200: ChapterWordList },
        },
      },
      async (request) =>
        contributions.wordsOf(currentUser(request), (request.params as { id: string }).id),
    );

    app.patch(
      '/conversations/:id/words/:wordId',
      {
        schema: {
          tags,
          security: bearer,
          params: WordParams,
          body: UpdateWordBody,
          response: { 200: ChapterWord },
        },
      },
      async (request) => {
        const { id, wordId } = request.params as { id: string; wordId: string };
        return contributions.updateWord(
          currentUser(request),
          id,
          wordId,
          request.body as UpdateWordBody,
        );
      },
    );

    app.get(
      '/conversations/:id/suggested-photos',
      {
        schema: {
          tags,
          security: bearer,
          params: ChapterParams,
          response: { 200: SuggestedPhotoList },
        },
      },
      async (request) =>
        contributions.suggestionsOf(currentUser(request), (request.params as { id: string }).id),
    );

    app.post(
      '/conversations/:id/suggested-photos/:photoId/accept',
      { schema: { tags, security: bearer, params: PhotoParams, response: { 201: ChapterImage } } },
      async (request, reply) => {
        const { id, photoId } = request.params as { id: string; photoId: string };
        const image = await contributions.acceptPhoto(currentUser(request), id, photoId);
        return reply.code(201).send(image);
      },
    );

    app.delete(
      '/conversations/:id/suggested-photos/:photoId',
      { schema: { tags, security: bearer, params: PhotoParams, response: { 200: Message } } },
      async (request) => {
        const { id, photoId } = request.params as { id: string; photoId: string };
        await contributions.declinePhoto(currentUser(request), id, photoId);
        return { message: 'declined' };
      },
    );

    // ------------------------------------------------------------ a member's

    app.post(
      '/circles/:storytellerId/questions',
      {
        schema: {
          tags,
          security: bearer,
          params: CircleParams,
          body: AskBody,
          response: { 201: CircleQuestion },
        },
        // A question ends in a mail to its asker: counted with the other mails a person triggers.
        preHandler: limits.hook(rules.mailsByUser),
      },
      async (request, reply) => {
        const { storytellerId } = request.params as { storytellerId: string };
        const question = await contributions.ask(
          currentUser(request),
          storytellerId,
          (request.body as AskBody).text,
        );
        return reply.code(201).send(question);
      },
    );

    app.get(
      '/circles/:storytellerId/questions',
      {
        schema: {
          tags,
          security: bearer,
          params: CircleParams,
          response: { 200: CircleQuestionList },
        },
      },
      async (request) =>
        contributions.questionsAsked(
          currentUser(request),
          (request.params as { storytellerId: string }).storytellerId,
        ),
    );

    app.post(
      '/circles/:storytellerId/chapters/:id/words',
      {
        schema: {
          tags,
          security: bearer,
          params: CircleChapterParams,
          body: WordBody,
          response: { 201: ChapterWord },
        },
      },
      async (request, reply) => {
        const { storytellerId, id } = request.params as { storytellerId: string; id: string };
        const word = await contributions.writeWord(
          currentUser(request),
          storytellerId,
          id,
          (request.body as WordBody).text,
        );
        return reply.code(201).send(word);
      },
    );

    app.delete(
      '/circles/:storytellerId/chapters/:id/words/:wordId',
      {
        schema: { tags, security: bearer, params: CircleWordParams, response: { 200: Message } },
      },
      async (request) => {
        const { storytellerId, id, wordId } = request.params as {
          storytellerId: string;
          id: string;
          wordId: string;
        };
        await contributions.deleteWord(currentUser(request), storytellerId, id, wordId);
        return { message: 'deleted' };
      },
    );

    app.post(
      '/circles/:storytellerId/chapters/:id/photos',
      {
        schema: {
          tags,
          security: bearer,
          params: CircleChapterParams,
          description:
            'multipart/form-data: `file` (JPEG, PNG or WebP, by content; at most 15 MB and 40 megapixels) and an optional `legend`.',
          response: { 201: SuggestedPhoto },
        },
      },
      async (request, reply) => {
        const { storytellerId, id } = request.params as { storytellerId: string; id: string };
        const member = currentUser(request);
        // Nothing of the body is read for someone who may not suggest a photo there.
        await contributions.assertCanSuggest(member, storytellerId, id);
        if (!request.isMultipart())
          throw new AppError('validation_error', {}, { loc: ['body', 'file'] });
        const photo = await contributions.suggestPhoto(
          member,
          storytellerId,
          id,
          await readUpload(request),
        );
        return reply.code(201).send(photo);
      },
    );
  };
}
