// The support page's contact form: a message to SUPPORT_EMAIL through the mail provider (outbox or SMTP),
// with the sender as Reply-To material in the text. Signed in or not; rate limited per address.
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import { AppError } from '../../errors.ts';
import { pickLocale } from '../../i18n/messages.ts';
import { ContactBody } from '../../contract/support.ts';
import { Message } from '../../contract/accounts.ts';
import type { RateLimitRule, RateLimits } from '../../rate-limit.ts';
import type { MailService } from '../mail/service.ts';

const contactByIp: RateLimitRule = {
  name: 'contact-ip',
  limit: 5,
  windowSeconds: 60 * 60,
  key: 'ip',
};

export function supportRoutes(
  mail: MailService,
  rateLimits: RateLimits,
  config: Pick<Config, 'supportEmail'>,
) {
  return async function (app: FastifyInstance) {
    app.post(
      '/support/contact',
      {
        schema: { tags: ['support'], body: ContactBody, response: { 202: Message } },
        preHandler: rateLimits.hook(contactByIp),
      },
      async (request, reply) => {
        const body = request.body as ContactBody;
        for (const field of ['name', 'email', 'message'] as const)
          if (!body[field].trim())
            throw new AppError('validation_error', {}, { loc: ['body', field] });
        const subject = body.subject.trim();
        await mail.send(pickLocale(null, request.headers['accept-language']), config.supportEmail, {
          kind: 'contact',
          from: body.email.trim(),
          name: body.name.trim(),
          message: `${subject ? `${subject}\n\n` : ''}${body.message.trim()}`,
        });
        return reply.code(202).send({ message: 'sent' });
      },
    );
  };
}
