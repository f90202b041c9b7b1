import http from 'node:http';
import https from 'node:https';
import { lookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from 'request-filtering-agent';

/**
 * Where an alert's webhook may POST (issue 16, SSRF): an http or https address whose host name resolves
 * only to public unicast addresses. Private (10/8, 172.16/12, 192.168/16, fc00::/7), loopback, link-local
 * (169.254/16 - the cloud metadata endpoints -, fe80::/10), carrier-grade NAT, unspecified, multicast and
 * reserved ranges are refused, also when written as IPv4-mapped IPv6, unless the installation allows
 * private targets (WEBHOOK_ALLOW_PRIVATE, for on-premise receivers). Checked twice: when a rule is
 * saved (every address the name resolves to, a 400 on `channels.webhook.url`), and again when sending, on
 * the address actually connected to (request-filtering-agent), so a name re-pointed at an internal
 * address after saving (DNS rebinding) is refused too.
 */
export type TargetRefusal =
  'webhook_address_scheme' | 'webhook_address_unresolved' | 'webhook_address_not_public';

/** Whether an address (v4 or v6) is public unicast; IPv4-mapped IPv6 is judged as the IPv4 it maps. */
export const isPublicAddress = (address: string): boolean =>
  ipaddr.isValid(address) && ipaddr.process(address).range() === 'unicast';

/** Why `url` may not be a webhook target, or null when it may. */
export async function refusalOf(url: string, allowPrivate: boolean): Promise<TargetRefusal | null> {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return 'webhook_address_scheme';
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return 'webhook_address_scheme';
  if (allowPrivate) return null;
  const host = u.hostname.replace(/^\[(.*)\]$/, '$1');
  let addresses: string[];
  if (ipaddr.isValid(host)) addresses = [host];
  else {
    try {
      addresses = (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);
    } catch {
      return 'webhook_address_unresolved';
    }
  }
  if (addresses.length === 0) return 'webhook_address_unresolved';
  return addresses.every(isPublicAddress) ? null : 'webhook_address_not_public';
}

/** A webhook refused for its address: no retry will change that, the delivery fails at once. */
export class WebhookRefusedError extends Error {}

/** One webhook POST; resolves to the HTTP status (throws when nothing answered). */
export type WebhookPoster = (url: string, body: string, headers: Record<string, string>) => Promise<number>;

/**
 * POSTs with node:http(s): no redirect is followed (a 3xx is a failed delivery), 10 s at most, and
 * unless private targets are allowed, through agents that refuse a connection to a non-public address.
 */
export function createWebhookPoster(opts: { allowPrivate: boolean; timeoutMs?: number }): WebhookPoster {
  const timeout = opts.timeoutMs ?? 10_000;
  const agents = opts.allowPrivate
    ? null
    : { http: new RequestFilteringHttpAgent(), https: new RequestFilteringHttpsAgent() };
  return async (url, body, headers) => {
    const refusal = await refusalOf(url, opts.allowPrivate);
    if (refusal) throw new WebhookRefusedError(refusal);
    const u = new URL(url);
    const secure = u.protocol === 'https:';
    return new Promise<number>((resolve, reject) => {
      const req = (secure ? https : http).request(
        u,
        {
          method: 'POST',
          headers: { ...headers, 'content-length': Buffer.byteLength(body) },
          timeout,
          ...(agents ? { agent: secure ? agents.https : agents.http } : {}),
        },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on('timeout', () => req.destroy(new Error(`no answer within ${timeout} ms`)));
      req.on('error', reject);
      req.end(body);
    });
  };
}
