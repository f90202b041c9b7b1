import { createHash } from 'node:crypto';
import tls from 'node:tls';
import SftpClient from 'ssh2-sftp-client';
import { Agent, fetch } from 'undici';
import type { ImportPullKind } from '@footfall/domain';

export interface SourceAuth {
  username: string | null;
  password: string | null;
  /** SFTP: the server's pinned host key fingerprint (SHA256:...); null = none yet, no pull */
  hostKeyFingerprint?: string | null;
}

/** A host key's fingerprint as `ssh-keygen -lf` prints it: "SHA256:" and the unpadded base64 digest. */
export const sshFingerprint = (key: Buffer) =>
  `SHA256:${createHash('sha256').update(key).digest('base64').replace(/=+$/, '')}`;

/** Reads a pulled source: the body's chunks (an adapter per kind, so tests can swap one). */
export type SourceFetcher = (url: string, auth: SourceAuth) => Promise<AsyncIterable<Uint8Array>>;
export type SourceFetchers = Record<ImportPullKind, SourceFetcher>;

/** How long a pull may take, connection to last byte. */
const PULL_TIMEOUT_MS = 300_000;

/**
 * HTTPS with Basic authentication. The certificate is always verified: against the system roots, plus
 * `extraCa` (PEM, the IMPORT_TRUSTED_CA_FILE setting) for a source signed by a private authority.
 */
export function httpsFetcher(opts: { extraCa?: string | null } = {}): SourceFetcher {
  const dispatcher = new Agent({
    connect: opts.extraCa ? { ca: [...tls.rootCertificates, opts.extraCa] } : {},
  });
  return async (url, auth) => {
    const headers: Record<string, string> = {};
    if (auth.username !== null)
      headers.authorization = `Basic ${Buffer.from(`${auth.username}:${auth.password ?? ''}`).toString('base64')}`;
    const res = await fetch(url, {
      headers,
      redirect: 'follow',
      dispatcher,
      signal: AbortSignal.timeout(PULL_TIMEOUT_MS),
    }).catch((e: Error & { cause?: Error }) => {
      // undici says "fetch failed"; the cause says why (refused connection, untrusted certificate)
      throw new Error(e.cause?.message ? `${e.message}: ${e.cause.message}` : e.message, { cause: e });
    });
    if (!res.ok || !res.body) {
      await res.body?.cancel();
      throw new Error(`The source answered HTTP ${res.status}`);
    }
    return res.body;
  };
}

/** What an SFTP failure means to the person reading the run history. */
function sftpMessage(
  e: unknown,
  path: string,
  hostKey: { seen: string | null; expected: string | null },
): string {
  const text = (e as Error).message ?? String(e);
  if (hostKey.seen && hostKey.seen !== hostKey.expected)
    return hostKey.expected
      ? `The SFTP server's host key ${hostKey.seen} does not match the task's fingerprint ${hostKey.expected}: ` +
          'nothing was read (a changed server key, or another server answering)'
      : `The SFTP server's host key is not trusted yet: it shows ${hostKey.seen}. Check it with the ` +
          "server's administrator (ssh-keygen -lf on its public host key) and enter it as the task's " +
          'host key fingerprint';
  if (/authentication methods failed/i.test(text)) return 'The SFTP server refused the user name or password';
  if (/no such file/i.test(text)) return `The SFTP server has no file ${path}`;
  return `SFTP: ${text}`;
}

/**
 * SFTP (ssh2-sftp-client) with password authentication: the server's host key is checked first
 * (ssh2's hostVerifier, against the task's SHA256 fingerprint: no fingerprint, no connection, and the
 * failure names the key seen so an administrator can check and pin it; never trusted on first use),
 * then the file is checked (stat) before it is read, then streamed; the connection closes when the
 * stream ends or its reader stops.
 */
export function sftpFetcher(): SourceFetcher {
  return async (url, auth) => {
    const u = new URL(url);
    const path = decodeURIComponent(u.pathname);
    const client = new SftpClient('footfall-import');
    const hostKey = { seen: null as string | null, expected: auth.hostKeyFingerprint ?? null };
    try {
      await client.connect({
        host: u.hostname,
        port: u.port ? Number(u.port) : 22,
        username: auth.username ?? '',
        ...(auth.password !== null ? { password: auth.password } : {}),
        readyTimeout: 20_000,
        // the raw host key (no hostHash): its fingerprint must be the pinned one
        hostVerifier: (key: Buffer) => {
          hostKey.seen = sshFingerprint(key);
          return hostKey.expected !== null && hostKey.seen === hostKey.expected;
        },
      });
      const stat = await client.stat(path);
      if (!stat.isFile) throw new Error(`no such file ${path}`);
    } catch (e) {
      await client.end().catch(() => undefined);
      throw new Error(sftpMessage(e, path, hostKey), { cause: e });
    }
    const stream = client.createReadStream(path);
    return (async function* () {
      try {
        for await (const chunk of stream as AsyncIterable<Buffer>) yield chunk;
      } catch (e) {
        throw new Error(sftpMessage(e, path, hostKey), { cause: e });
      } finally {
        stream.destroy();
        await client.end().catch(() => undefined);
      }
    })();
  };
}
