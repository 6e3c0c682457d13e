// Routes of the data export: ask for it (one at a time), and see where it is.
import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import { currentUser } from '../../auth/plugin.ts';
import { DataExport } from '../../contract/data-export.ts';
import type { DataExportService } from './service.ts';

export function dataExportRoutes(exports: DataExportService) {
  return async function (app: FastifyInstance) {
    app.addHook('onRequest', app.authenticate);
    const schema = { tags: ['accounts'], security: [{ bearerAuth: [] }] };
    app.post(
      '/users/me/export',
      { schema: { ...schema, response: { 202: DataExport } } },
      async (request, reply) => reply.code(202).send(await exports.request(currentUser(request))),
    );
    app.get(
      '/users/me/export',
      { schema: { ...schema, response: { 200: DataExport, 204: Type.Null() } } },
      async (request, reply) =>
        (await exports.status(currentUser(request))) ?? reply.code(204).send(),
    );
  };
}
