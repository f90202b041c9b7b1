import type { FastifyReply } from 'fastify';
import type { Readable } from 'node:stream';

/** Answers a rendered report file: its type and a download (or, for images, an inline) disposition. */
export function replyFile(
  reply: FastifyReply,
  file: { fileName: string; contentType: string; body: Buffer | string | Readable },
) {
  const disposition = file.contentType.startsWith('image/') ? 'inline' : 'attachment';
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', `${disposition}; filename="${file.fileName}"`)
    .send(file.body);
}
