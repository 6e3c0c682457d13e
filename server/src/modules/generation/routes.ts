// HTTP route of the chapter generation (api.md § Conversations: `POST /conversations/{id}/{product}`, where
// `generate` is the one product; any other segment is a route that does not exist, a 404).
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../auth/plugin.ts';
import { Conversation } from '../../contract/conversations.ts';
import {
  GenerateBody,
  GenerateParams,
  GenerateQuery,
  type GenerateBody as GenerateBodyType,
  type GenerateQuery as GenerateQueryType,
} from '../../contract/generation.ts';
import { AppError } from '../../errors.ts';
import { limits } from '../../limits.ts';
import { summaryCommentOf } from '../../providers/writer/instructions.ts';
import type { GenerationService } from './service.ts';

export function generationRoutes(generation: GenerationService) {
  return async function (app: FastifyInstance) {
    app.addHook('onRequest', app.authenticate);

    app.post(
      '/conversations/:id/generate',
      {
        schema: {
          tags: ['conversations'],
          security: [{ bearerAuth: [] }],
          params: GenerateParams,
          querystring: GenerateQuery,
          // The body is optional (empty for everything but the summary's options).
          body: GenerateBody,
          response: { 200: Conversation },
        },
        // No body at all (every call but the summary's options) is the same as an empty object.
        preValidation: async (request) => {
          if (request.body === undefined || request.body === null) request.body = {};
        },
      },
      async (request) => {
        const { id } = request.params as { id: string };
        const query = request.query as GenerateQueryType;
        const kwargs = (request.body as GenerateBodyType | undefined)?.summary_kwargs;
        // The comment of the instruction text is bounded like the app's field (spec §5: 500).
        if (summaryCommentOf(kwargs?.user_instructions).length > limits.summaryCommentMaxLength)
          throw new AppError(
            'validation_error',
            {},
            { loc: ['body', 'summary_kwargs', 'user_instructions'] },
          );
        return generation.generate(
          currentUser(request),
          id,
          {
            title: query.do_title ?? false,
            keywords: query.do_keywords ?? false,
            image: query.do_image ?? false,
            summary: query.do_summary ?? false,
          },
          {
            userInstructions: kwargs?.user_instructions ?? null,
            usePreviousSummary: kwargs?.use_previous_summary ?? true,
          },
        );
      },
    );
  };
}
