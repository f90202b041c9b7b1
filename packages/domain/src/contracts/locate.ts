import { z } from 'zod';
import { safeText } from '../rules/safe-text.js';

/**
 * "Business hours from address or coordinates" (issue 12): the time zone of a place is found from its
 * coordinates offline; an address becomes coordinates only when the deployment configures a geocoder.
 */
export const LocateBody = z
  .object({
    address: safeText().trim().max(500).optional(),
    latitude: z.number().min(-90).max(90).optional(),
    longitude: z.number().min(-180).max(180).optional(),
  })
  .superRefine((v, ctx) => {
    const hasLat = v.latitude !== undefined;
    const hasLon = v.longitude !== undefined;
    if (hasLat !== hasLon)
      ctx.addIssue({
        code: 'custom',
        path: [hasLat ? 'longitude' : 'latitude'],
        message: 'latitude and longitude go together',
      });
    if (!hasLat && !hasLon && !v.address)
      ctx.addIssue({ code: 'custom', path: ['address'], message: 'an address or coordinates are needed' });
  });
export type LocateBody = z.infer<typeof LocateBody>;

export const LocateResponse = z.object({
  latitude: z.number(),
  longitude: z.number(),
  /** IANA time zone at the coordinates */
  timeZone: z.string(),
  /** where the coordinates came from: as given, or the geocoder's answer for the address */
  source: z.enum(['coordinates', 'geocoder']),
  /** the geocoder's name for the place found (null for given coordinates) */
  displayName: z.string().nullable(),
});
export type LocateResponse = z.infer<typeof LocateResponse>;

export const GeocoderStatus = z.object({ enabled: z.boolean() });
export type GeocoderStatus = z.infer<typeof GeocoderStatus>;
