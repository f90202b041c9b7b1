import { DEMOGRAPHIC_TAGS, MetaTags } from '@footfall/domain';

/** The tags offered first in a series' tag editor: the demographic tags dashboards filter on (spec "Tags"). */
export const SUGGESTED_META_TAGS: readonly string[] = DEMOGRAPHIC_TAGS;

/**
 * A series' meta tags as typed, checked with the domain schema the server applies (PUT
 * /api/TimeSeries/info): the tags to send (trimmed, each once, sorted), or the error's message key.
 */
export function checkMetaTags(
  typed: readonly string[],
): { ok: true; tags: string[] } | { ok: false; error: 'too_many' | 'invalid' } {
  const parsed = MetaTags.safeParse(typed.map((tag) => tag.trim()));
  if (parsed.success) return { ok: true, tags: parsed.data };
  return parsed.error.issues.some((i) => i.code === 'too_big' && i.path.length === 0)
    ? { ok: false, error: 'too_many' }
    : { ok: false, error: 'invalid' };
}
