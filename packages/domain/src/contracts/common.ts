import { z } from 'zod';

export const uuid = z.uuid();
export const IdParams = z.object({ id: z.uuid() });

/** Body of every error answer: `field` names the offending input where there is one. */
export const ErrorBody = z.object({
  error: z.string(),
  message: z.string(),
  field: z.string().optional(),
  statusCode: z.number().int(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

/** The `disabled-on` patch of schedules and import tasks: a date disables, null enables. */
export const DisabledOnBody = z.object({ disabledOn: z.iso.datetime({ offset: true }).nullable() }).strict();
