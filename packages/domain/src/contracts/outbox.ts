import { z } from 'zod';

export const OutboxMail = z.object({
  id: z.string(),
  sentAt: z.string(),
  to: z.array(z.string()),
  subject: z.string(),
  text: z.string(),
  html: z.string().optional(),
  /** attachment file names */
  attachments: z.array(z.string()),
});

/**
 * GET /api/outbox (superAdmin): mails written to DATA_DIR/outbox, newest first. With SMTP_URL mails
 * leave by SMTP, `transport` is 'smtp' and the list is empty.
 */
export const OutboxList = z.object({
  transport: z.enum(['smtp', 'outbox']),
  items: z.array(OutboxMail),
});
export type OutboxList = z.infer<typeof OutboxList>;
