/** `?a=1&b=x,y` from the defined, non-empty values (arrays comma-joined, as the contract reads them). */
export function queryString(
  params: Record<string, string | number | boolean | readonly string[] | null | undefined>,
) {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (v === undefined || v === null || v === '') continue;
    if (Array.isArray(v)) {
      if (v.length > 0) q.set(k, v.join(','));
    } else q.set(k, String(v));
  }
  const s = q.toString();
  return s ? `?${s}` : '';
}
