import tzLookup from '@photostructure/tz-lookup';
import type { GeocoderStatus, LocateBody, LocateResponse } from '@footfall/domain';
import { AppError, invalidField } from '../../platform/http/errors.js';

/**
 * "Business hours from address or coordinates" (issue 12). The time zone of a point comes from
 * `@photostructure/tz-lookup` (a compact world map of IANA zones shipped in the package: no network).
 * An address is turned into coordinates only when `GEOCODER_URL` names a Nominatim-compatible search
 * endpoint (`GET <url>?q=<address>&format=jsonv2&limit=1` answering `[{lat, lon, display_name}]`);
 * without one an address alone answers 400 `geocoder_disabled` on `address`.
 */
const GEOCODER_TIMEOUT_MS = 5000;

interface NominatimPlace {
  lat?: unknown;
  lon?: unknown;
  display_name?: unknown;
}

/** The IANA zone at a point, or null where the map has none (never throws). */
export function timeZoneAt(latitude: number, longitude: number): string | null {
  try {
    return tzLookup(latitude, longitude);
  } catch {
    return null;
  }
}

export function createLocateService(deps: { geocoderUrl: string | undefined; userAgent: string }) {
  const { geocoderUrl, userAgent } = deps;

  async function geocode(address: string): Promise<{ latitude: number; longitude: number; name: string }> {
    if (!geocoderUrl) throw invalidField('geocoder_disabled', 'address');
    const url = new URL(geocoderUrl);
    url.searchParams.set('q', address);
    url.searchParams.set('format', 'jsonv2');
    url.searchParams.set('limit', '1');
    let places: unknown;
    try {
      const res = await fetch(url, {
        headers: { accept: 'application/json', 'user-agent': userAgent },
        signal: AbortSignal.timeout(GEOCODER_TIMEOUT_MS),
      });
      if (!res.ok) throw new Error(`status ${res.status}`);
      places = await res.json();
    } catch {
      throw new AppError(502, 'geocoder_unavailable', 'The geocoder did not answer', 'address');
    }
    const first = Array.isArray(places) ? (places[0] as NominatimPlace | undefined) : undefined;
    const latitude = Number(first?.lat);
    const longitude = Number(first?.lon);
    if (
      !first ||
      !Number.isFinite(latitude) ||
      !Number.isFinite(longitude) ||
      Math.abs(latitude) > 90 ||
      Math.abs(longitude) > 180
    )
      throw invalidField('address_not_found', 'address');
    return {
      latitude,
      longitude,
      name: typeof first.display_name === 'string' ? first.display_name.slice(0, 500) : address,
    };
  }

  return {
    geocoderStatus(): GeocoderStatus {
      return { enabled: Boolean(geocoderUrl) };
    },

    /** Coordinates win over the address; the address is geocoded only without them. */
    async locate(body: LocateBody): Promise<LocateResponse> {
      let point: { latitude: number; longitude: number; name: string | null };
      let source: LocateResponse['source'];
      if (body.latitude !== undefined && body.longitude !== undefined) {
        point = { latitude: body.latitude, longitude: body.longitude, name: null };
        source = 'coordinates';
      } else {
        point = await geocode(body.address ?? '');
        source = 'geocoder';
      }
      const timeZone = timeZoneAt(point.latitude, point.longitude);
      if (!timeZone)
        throw invalidField('time_zone_not_found', source === 'geocoder' ? 'address' : 'latitude');
      return {
        latitude: point.latitude,
        longitude: point.longitude,
        timeZone,
        source,
        displayName: point.name,
      };
    },
  };
}

export type LocateService = ReturnType<typeof createLocateService>;
