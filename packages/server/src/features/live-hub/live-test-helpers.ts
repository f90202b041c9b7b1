import { afterAll } from 'vitest';
import type { AddressInfo } from 'node:net';
import { HubConnectionBuilder, LogLevel, type HubConnection } from '@microsoft/signalr';
import type { Role } from '@footfall/domain';
import type { TestApp } from '../../test/harness.js';
import { unique } from '../../test/harness.js';

/** Test fixtures for the live hub: a listening app, nodes, users with tokens, official clients. */
export async function listen(t: TestApp): Promise<string> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}

export async function makeNode(
  t: TestApp,
  type: 'group' | 'location' | 'device',
  parentId: string | null,
  attributes: Record<string, unknown> = {},
) {
  const row = await t.db
    .insertInto('node')
    .values({ type, parent_id: parentId, name: unique(type), attributes: JSON.stringify(attributes) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function makeUser(t: TestApp, roles: Role[], scopeNodeId: string | null) {
  const username = unique('user');
  const row = await t.db
    .insertInto('app_user')
    .values({
      username,
      first_name: 'Test',
      last_name: 'User',
      email: `${username}@example.com`,
      roles,
      scope_node_id: scopeNodeId,
      mobile_settings: JSON.stringify({}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { token } = await t.ctx.tokens.signAccess({ sub: row.id, ver: 0, name: username });
  return { id: row.id, username, token };
}

const open: HubConnection[] = [];
afterAll(async () => {
  await Promise.all(open.splice(0).map((c) => c.stop().catch(() => undefined)));
});

export function hubClient(baseUrl: string, token: string | null, reconnect?: number[]) {
  let b = new HubConnectionBuilder()
    .withUrl(`${baseUrl}/signalr`, token === null ? {} : { accessTokenFactory: () => token })
    .configureLogging(LogLevel.None);
  if (reconnect) b = b.withAutomaticReconnect(reconnect);
  const c = b.build();
  open.push(c);
  return c;
}

/** Collects the arguments of every `target` message a client receives. */
export function collect(c: HubConnection, target: string) {
  const got: unknown[][] = [];
  c.on(target, (...args: unknown[]) => got.push(args));
  return got;
}
