import { Readable } from 'node:stream';
import type { ReadableStream } from 'node:stream/web';
import type { FastifyInstance } from 'fastify';
import { DomainError } from '../../http/errors.ts';
import type { AuditLog } from '../audit/log.ts';
import { PLATFORM_AUDIT } from '../backoffice/totp.ts';

export const BACKUP_PATH = '/ops/backup';

/**
 * `GET /ops/backup` (ADMIN): the embedded database as a gzipped tarball of its data folder, streamed. Only the server
 * may open its PGlite folder, so `npm run ops -- backup` asks it; on PostgreSQL it answers 409 (pg_dump's job).
 */
export function backupRoute(app: FastifyInstance, backup: () => Promise<Blob>, audit: AuditLog): void {
  app.get(
    BACKUP_PATH,
    {
      // Who may ask, for the API description (server/http/openapi.ts): an operator; the handler wants ADMIN.
      config: { call: { method: 'GET', path: BACKUP_PATH, auth: 'ops' } },
      schema: {
        summary:
          'Operator (ADMIN): a backup of the embedded PGlite database (gzipped tar of its data folder, with the ' +
          'uploads kept in it); 409 on PostgreSQL (use pg_dump)',
        tags: ['ops'],
      },
    },
    async (req, reply) => {
      const { operator } = await app.authenticateOps!(req);
      if (operator.role !== 'ADMIN') throw new DomainError(403, 'FORBIDDEN', 'Your role cannot do this');
      const dump = await backup();
      await audit.record({
        merchantCode: PLATFORM_AUDIT,
        actor: operator.id === 0 ? 'ops' : `ops:${operator.username}`,
        action: 'OPS_BACKUP',
        subject: { bytes: dump.size, address: req.ip },
      });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      return reply
        .type('application/gzip')
        .header('content-disposition', `attachment; filename="portico-${stamp}.tar.gz"`)
        .header('content-length', dump.size)
        .header('cache-control', 'no-store')
        .send(Readable.fromWeb(dump.stream() as ReadableStream));
    },
  );
}
