import WebSocket from 'ws';

/**
 * A child process of the hub bench holding a share of its clients, so that receiving 10,000 pushes
 * does not run on the bench's own event loop (which times the ingest acknowledgement and drives the
 * official clients). Each client speaks the real protocol on a `ws` socket: negotiate, handshake,
 * `MeasurementsLiveFeed` invocation, pings; only the detection of the push is cheap (a byte search,
 * no JSON parse). Times are absolute (`performance.timeOrigin + now()`), comparable across processes.
 *
 * Parent -> child: start, arm (a round begins), collect (the round's time is up), stop.
 * Child -> parent: ready, armed, got (every client's receive time of the round, 0 when missing).
 */
export type ToClients =
  | { type: 'start'; base: string; token: string; nodeId: string; target: string; count: number }
  | { type: 'arm' }
  | { type: 'collect' }
  | { type: 'stop' };

export type FromClients =
  | { type: 'ready'; count: number }
  | { type: 'armed' }
  | { type: 'got'; times: number[]; sample: string }
  | { type: 'failed'; error: string };

const RS = '\u001e';
const now = () => performance.timeOrigin + performance.now();

interface Client {
  ws: WebSocket;
  got: number;
}

async function negotiate(base: string, token: string): Promise<string> {
  const res = await fetch(`${base}/signalr/negotiate?negotiateVersion=1`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
  });
  if (!res.ok) throw new Error(`negotiate ${res.status}`);
  return ((await res.json()) as { connectionToken: string }).connectionToken;
}

function send(msg: FromClients) {
  process.send!(msg);
}

const clients: Client[] = [];
let armed = false;
let received = 0;
let sample = '';

function report() {
  if (!armed) return;
  armed = false;
  send({ type: 'got', times: clients.map((c) => c.got), sample });
}

async function connect(base: string, token: string, nodeId: string, target: Buffer): Promise<Client> {
  const id = await negotiate(base, token);
  return new Promise<Client>((resolve, reject) => {
    const ws = new WebSocket(`${base.replace(/^http/, 'ws')}/signalr?id=${id}`, {
      headers: { authorization: `Bearer ${token}` },
      perMessageDeflate: false,
    });
    const client: Client = { ws, got: 0 };
    let stage = 0;
    ws.on('open', () => ws.send(JSON.stringify({ protocol: 'json', version: 1 }) + RS));
    ws.on('message', (data: Buffer) => {
      if (stage === 2) {
        if (armed && client.got === 0 && data.indexOf(target) >= 0) {
          client.got = now();
          if (sample === '') sample = data.toString();
          if (++received === clients.length) report();
        }
        return;
      }
      const text = data.toString();
      if (stage === 0) {
        if (!text.startsWith('{}')) return reject(new Error(`handshake: ${text}`));
        stage = 1;
        const call = { type: 1, invocationId: '1', target: 'MeasurementsLiveFeed', arguments: [[nodeId]] };
        ws.send(JSON.stringify(call) + RS);
      } else if (text.includes('"type":3')) {
        if (text.includes('"error"')) return reject(new Error(`subscribe: ${text}`));
        stage = 2;
        resolve(client);
      }
    });
    ws.on('error', reject);
  });
}

async function start(m: Extract<ToClients, { type: 'start' }>) {
  const target = Buffer.from(`"target":"${m.target}"`);
  // past the server's 30 s client timeout: a ping record from each client every 10 s, from the
  // first one on (connecting thousands takes longer than the timeout), spread over the 10 s as the
  // pings of clients that connected at different times would be: a tenth of them each second
  let tick = 0;
  setInterval(() => {
    for (let i = tick++ % 10; i < clients.length; i += 10) {
      const c = clients[i]!;
      if (c.ws.readyState === WebSocket.OPEN) c.ws.send('{"type":6}' + RS);
    }
  }, 1000).unref();
  for (let i = 0; i < m.count; i += 100) {
    const batch = Array.from({ length: Math.min(100, m.count - i) }, () =>
      connect(m.base, m.token, m.nodeId, target),
    );
    clients.push(...(await Promise.all(batch)));
  }
  send({ type: 'ready', count: clients.length });
}

process.on('message', (m: ToClients) => {
  switch (m.type) {
    case 'start':
      start(m).catch((err: Error) => send({ type: 'failed', error: err.message }));
      return;
    case 'arm':
      for (const c of clients) c.got = 0;
      received = 0;
      sample = '';
      armed = true;
      send({ type: 'armed' });
      return;
    case 'collect':
      report();
      return;
    case 'stop':
      for (const c of clients) c.ws.terminate();
      process.exit(0);
  }
});
