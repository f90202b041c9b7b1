import { createHash, generateKeyPairSync, timingSafeEqual } from 'node:crypto';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import ssh2 from 'ssh2';
import { generate } from 'selfsigned';

const { Server: SshServer, utils } = ssh2;
const { STATUS_CODE } = utils.sftp;

const same = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * A real HTTPS server for import pulls: a certificate for localhost/127.0.0.1 signed by itself (its
 * PEM is what a task trusts), Basic authentication, files by path; every request is counted.
 */
export async function startHttpsSource(opts: { username: string; password: string }) {
  const pems = await generate([{ name: 'commonName', value: 'localhost' }], {
    keyType: 'ec',
    algorithm: 'sha256',
    extensions: [
      { name: 'basicConstraints', cA: true },
      {
        name: 'subjectAltName',
        altNames: [
          { type: 2, value: 'localhost' },
          { type: 7, ip: '127.0.0.1' },
        ],
      },
    ],
  });
  const files = new Map<string, string>();
  const requests: { path: string; authorized: boolean }[] = [];
  const expected = `Basic ${Buffer.from(`${opts.username}:${opts.password}`).toString('base64')}`;
  const server = https.createServer({ key: pems.private, cert: pems.cert }, (req, res) => {
    const authorized = same(req.headers.authorization ?? '', expected);
    requests.push({ path: req.url ?? '', authorized });
    if (!authorized) return void res.writeHead(401, { 'www-authenticate': 'Basic' }).end();
    const body = files.get(req.url ?? '');
    if (body === undefined) return void res.writeHead(404).end('not found');
    res.writeHead(200, { 'content-type': 'text/csv' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    ca: pems.cert,
    files,
    requests,
    url: (path: string) => `https://localhost:${port}${path}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * A real SFTP server (ssh2's server): a host key generated here (`fingerprint`: its SHA256), one user with a password, files
 * served read-only from memory (OPEN, READ, FSTAT, STAT, CLOSE); anything else fails.
 */
export async function startSftpSource(opts: { username: string; password: string }) {
  const hostKey = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  }).privateKey;
  const files = new Map<string, Buffer>();
  const logins: { username: string; accepted: boolean }[] = [];
  const attrsOf = (size: number) => ({ mode: 0o100644, uid: 0, gid: 0, size, atime: 0, mtime: 0 });
  const server = new SshServer({ hostKeys: [hostKey] }, (client) => {
    client
      .on('authentication', (ctx) => {
        const accepted =
          ctx.method === 'password' && same(ctx.username, opts.username) && same(ctx.password, opts.password);
        if (ctx.method === 'password') logins.push({ username: ctx.username, accepted });
        if (accepted) ctx.accept();
        else ctx.reject(['password']);
      })
      .on('ready', () => {
        client.on('session', (accept) => {
          accept().on('sftp', (acceptSftp) => {
            const sftp = acceptSftp();
            const open = new Map<number, Buffer>();
            let next = 0;
            const fileOf = (handle: Buffer) =>
              handle.length === 4 ? open.get(handle.readUInt32BE(0)) : undefined;
            sftp
              .on('OPEN', (reqId, filename) => {
                const data = files.get(filename);
                if (!data) return sftp.status(reqId, STATUS_CODE.NO_SUCH_FILE);
                const handle = Buffer.alloc(4);
                handle.writeUInt32BE(next, 0);
                open.set(next++, data);
                sftp.handle(reqId, handle);
              })
              .on('READ', (reqId, handle, offset, length) => {
                const data = fileOf(handle);
                if (!data) return sftp.status(reqId, STATUS_CODE.FAILURE);
                if (offset >= data.length) return sftp.status(reqId, STATUS_CODE.EOF);
                sftp.data(reqId, data.subarray(offset, offset + length));
              })
              .on('FSTAT', (reqId, handle) => {
                const data = fileOf(handle);
                if (!data) return sftp.status(reqId, STATUS_CODE.FAILURE);
                sftp.attrs(reqId, attrsOf(data.length));
              })
              .on('STAT', (reqId, path) => {
                const data = files.get(path);
                if (!data) return sftp.status(reqId, STATUS_CODE.NO_SUCH_FILE);
                sftp.attrs(reqId, attrsOf(data.length));
              })
              .on('LSTAT', (reqId, path) => {
                const data = files.get(path);
                if (!data) return sftp.status(reqId, STATUS_CODE.NO_SUCH_FILE);
                sftp.attrs(reqId, attrsOf(data.length));
              })
              .on('CLOSE', (reqId, handle) => {
                if (handle.length === 4) open.delete(handle.readUInt32BE(0));
                sftp.status(reqId, STATUS_CODE.OK);
              });
          });
        });
      })
      .on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  // the host key's fingerprint computed here from the key itself (its SSH wire-format public blob),
  // the way ssh-keygen -lf does, independently of the code under test
  const parsed = utils.parseKey(hostKey);
  if (parsed instanceof Error) throw parsed;
  const blob = (Array.isArray(parsed) ? parsed[0]! : parsed).getPublicSSH();
  const fingerprint = `SHA256:${createHash('sha256').update(blob).digest('base64').replace(/=+$/, '')}`;
  return {
    files,
    logins,
    fingerprint,
    url: (path: string) => `sftp://127.0.0.1:${port}${path}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
