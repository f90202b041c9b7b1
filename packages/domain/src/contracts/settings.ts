import { z } from 'zod';

/** GET /api/Setting/WarningMessage: the maintenance message shown to every user, or null. */
export const WarningMessage = z.object({ message: z.string().nullable() });
export type WarningMessage = z.infer<typeof WarningMessage>;

/** PUT /api/Setting/WarningMessage (superAdmin): an empty or blank message clears it. */
export const WarningMessageBody = z.object({
  message: z
    .string()
    .max(1000)
    .nullable()
    .transform((v) => (v && v.trim().length > 0 ? v.trim() : null)),
});
