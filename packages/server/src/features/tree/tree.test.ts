import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, type TestApp } from '../../test/harness.js';
import {
  authHeader,
  makeDevice,
  makeGroup,
  makeLocation,
  makeOrganisation,
  makeUser,
  type MadeUser,
  type Organisation,
} from '../../test/factories.js';

const BASE = '/api/OrganizationalTree';

describe('organisational tree', () => {
  let t: TestApp;
  let org: Organisation;
  let root: MadeUser, adminA: MadeUser, adminA1: MadeUser, userA1: MadeUser;

  beforeAll(async () => {
    t = await createTestApp();
    org = await makeOrganisation(t.db);
    root = await makeUser(t.db, { roles: ['superAdmin'] });
    adminA = await makeUser(t.db, { roles: ['admin'], scopeNodeId: org.clientA.id });
    adminA1 = await makeUser(t.db, { roles: ['admin'], scopeNodeId: org.regionA1.id });
    userA1 = await makeUser(t.db, { roles: ['User'], scopeNodeId: org.regionA1.id });
  });

  const call = async (
    user: MadeUser,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: unknown,
  ) =>
    t.app.inject({
      method,
      url,
      headers: await authHeader(t.ctx, user),
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
  const events = async (command: string, target: string) =>
    t.db
      .selectFrom('event_log')
      .selectAll()
      .where('command', '=', command)
      .where('target', '=', target)
      .execute();
  const parentOf = async (id: string) =>
    (await t.db
      .selectFrom('node')
      .select(['parent_id', 'orphaned_at'])
      .where('id', '=', id)
      .executeTakeFirst())!;

  describe('reading', () => {
    it('a user gets the subtree under their scope, attributes only when asked', async () => {
      const res = await call(userA1, 'GET', BASE);
      expect(res.statusCode).toBe(200);
      const [top, ...rest] = res.json();
      expect(rest).toEqual([]);
      expect(top).toMatchObject({ id: org.regionA1.id, name: 'Region A1', type: 'ClientNodeAttributes' });
      expect(top.attributes).toBeUndefined();
      const store = top.children[0];
      expect(store).toMatchObject({
        id: org.storeA1.id,
        type: 'StoreNodeAttributes',
        parentId: org.regionA1.id,
      });
      expect(store.children.map((c: { id: string }) => c.id)).toEqual([org.deviceA1.id]);

      const withAttributes = (await call(userA1, 'GET', `${BASE}?withAttributes=true`)).json();
      expect(withAttributes[0].children[0].attributes.timezone).toBe('America/Toronto');
      expect(withAttributes[0].children[0].children[0].attributes.macAddress).toMatch(/^[0-9A-F:]{17}$/);
    });

    it('an unscoped superAdmin sees every client group', async () => {
      const ids = (await call(root, 'GET', BASE)).json().map((n: { id: string }) => n.id);
      expect(ids).toEqual(expect.arrayContaining([org.clientA.id, org.clientB.id]));
    });

    it('an admin sees the tree as a user of their scope sees it; others and outsiders cannot', async () => {
      const asUser = await call(adminA, 'GET', `${BASE}?userId=${userA1.id}`);
      expect(asUser.statusCode).toBe(200);
      expect(asUser.json().map((n: { id: string }) => n.id)).toEqual([org.regionA1.id]);
      expect((await call(adminA, 'GET', BASE)).json()[0].id).toBe(org.clientA.id);
      const userB = await makeUser(t.db, { roles: ['User'], scopeNodeId: org.clientB.id });
      expect((await call(adminA, 'GET', `${BASE}?userId=${userB.id}`)).statusCode).toBe(404);
      expect((await call(adminA, 'GET', `${BASE}?userId=${root.id}`)).statusCode).toBe(404);
      expect((await call(adminA, 'GET', `${BASE}?userId=not-a-user`)).statusCode).toBe(404);
      expect((await call(userA1, 'GET', `${BASE}?userId=${adminA.id}`)).statusCode).toBe(403);
      expect((await call(userA1, 'GET', `${BASE}?userId=${userA1.id}`)).statusCode).toBe(200);
      const asB = await call(root, 'GET', `${BASE}?userId=${userB.id}`);
      expect(asB.json().map((n: { id: string }) => n.id)).toEqual([org.clientB.id]);
    });

    it('node and attributes answer inside the scope and 404 alike outside, unknown or malformed', async () => {
      const own = await call(userA1, 'GET', `${BASE}/node/${org.storeA1.id}`);
      expect(own.statusCode).toBe(200);
      expect(own.json()).toMatchObject({ id: org.storeA1.id, name: 'Store A1', parentId: org.regionA1.id });
      const attrs = await call(userA1, 'GET', `${BASE}/Attributes/${org.storeA1.id}`);
      expect(attrs.json().timezone).toBe('America/Toronto');

      const bodies = [];
      for (const id of [org.storeA2.id, org.storeB.id, '7d8e6a6e-1b1b-4c4c-9d9d-000000000000', 'not-an-id']) {
        for (const path of ['node', 'Attributes']) {
          const res = await call(userA1, 'GET', `${BASE}/${path}/${id}`);
          expect(res.statusCode, `${path}/${id}`).toBe(404);
          bodies.push(res.body);
        }
      }
      expect(new Set(bodies.filter((_, i) => i % 2 === 0)).size).toBe(1);
    });
  });

  describe('changing', () => {
    it('an admin creates a location with attributes sent as a JSON string, and it is logged', async () => {
      const attributes = {
        timezone: 'America/Vancouver',
        businessHours: { '1': [['10:00', '18:00']], '6': [['10:00', '16:00']] },
        capacity: 80,
        address: '12 Granville St',
      };
      const res = await call(adminA1, 'POST', BASE, {
        parentId: org.regionA1.id,
        name: 'Store A1 bis',
        type: 'StoreNodeAttributes',
        referenceId: 'A1-BIS',
        attributes: JSON.stringify(attributes),
      });
      expect(res.statusCode).toBe(201);
      const created = res.json();
      expect(created).toMatchObject({
        name: 'Store A1 bis',
        parentId: org.regionA1.id,
        referenceId: 'A1-BIS',
      });
      expect(created.attributes).toEqual(attributes);
      const row = await t.db.selectFrom('node').selectAll().where('id', '=', created.id).executeTakeFirst();
      expect(row?.attributes).toEqual(attributes);
      const [entry] = await events('OrganizationalTree.Create', created.id);
      expect(entry?.requester).toBe(adminA1.username);
    });

    it('rejects bad attributes naming the attribute, and misplaced types naming parentId', async () => {
      const bad = await call(adminA1, 'POST', BASE, {
        parentId: org.regionA1.id,
        name: 'X',
        type: 'StoreNodeAttributes',
        attributes: '{"timezone":"Mars/Olympus"}',
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().field).toBe('attributes.timezone');
      const misplaced = await call(adminA1, 'POST', BASE, {
        parentId: org.regionA1.id,
        name: 'Door',
        type: 'DeviceNodeAttributes',
      });
      expect(misplaced.statusCode).toBe(400);
      expect(misplaced.json().field).toBe('parentId');
    });

    it('only admin-kind users change the tree, and only inside their scope', async () => {
      const body = { parentId: org.regionA1.id, name: 'Nope', type: 'StoreNodeAttributes' };
      expect((await call(userA1, 'POST', BASE, body)).statusCode).toBe(403);
      expect((await call(adminA1, 'POST', BASE, { ...body, parentId: org.regionA2.id })).statusCode).toBe(
        404,
      );
      expect((await call(adminA1, 'POST', BASE, { ...body, parentId: null, type: 'group' })).statusCode).toBe(
        403,
      );
      const top = await call(root, 'POST', BASE, {
        parentId: null,
        name: 'New client',
        type: 'ClientNodeAttributes',
      });
      expect(top.statusCode).toBe(201);
      expect((await call(root, 'GET', BASE)).json().map((n: { id: string }) => n.id)).toContain(
        top.json().id,
      );
    });

    it('updates name, reference and attributes; out of scope is 404', async () => {
      const store = await makeLocation(t.db, { parentId: org.regionA1.id, name: 'Old name' });
      const res = await call(adminA1, 'PUT', `${BASE}/${store.id}`, {
        name: 'New name',
        referenceId: 'REF-9',
        attributes: '{"timezone":"Europe/Paris","capacity":40}',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ name: 'New name', referenceId: 'REF-9' });
      expect(res.json().attributes).toEqual({ timezone: 'Europe/Paris', capacity: 40 });
      const [entry] = await events('OrganizationalTree.Update', store.id);
      expect(entry?.details).toMatchObject({ previousName: 'Old name', name: 'New name' });
      expect((await call(adminA1, 'PUT', `${BASE}/${org.storeB.id}`, { name: 'x' })).statusCode).toBe(404);
      const unchanged = await t.db
        .selectFrom('node')
        .select('name')
        .where('id', '=', org.storeB.id)
        .executeTakeFirst();
      expect(unchanged?.name).toBe('Store B');
    });

    it('deleting a node keeps its children as orphans, which a superAdmin lists', async () => {
      const store = await makeLocation(t.db, { parentId: org.regionA1.id });
      const d1 = await makeDevice(t.db, { parentId: store.id });
      const d2 = await makeDevice(t.db, { parentId: store.id });
      const res = await call(adminA1, 'DELETE', `${BASE}/${store.id}`);
      expect(res.statusCode).toBe(200);
      expect(res.json().orphaned.sort()).toEqual([d1.id, d2.id].sort());
      expect(
        await t.db.selectFrom('node').select('id').where('id', '=', store.id).executeTakeFirst(),
      ).toBeUndefined();
      expect((await parentOf(d1.id)).parent_id).toBeNull();
      expect((await parentOf(d1.id)).orphaned_at).not.toBeNull();

      const orphans = (await call(root, 'GET', `${BASE}/orphans`)).json().map((n: { id: string }) => n.id);
      expect(orphans).toEqual(expect.arrayContaining([d1.id, d2.id]));
      // orphans are no client groups: not in the superAdmin's tree, not in the admin's any more
      const tops = (await call(root, 'GET', BASE)).json().map((n: { id: string }) => n.id);
      expect(tops).not.toContain(d1.id);
      expect((await call(adminA1, 'GET', `${BASE}/node/${d1.id}`)).statusCode).toBe(404);
      expect((await call(adminA1, 'GET', `${BASE}/orphans`)).statusCode).toBe(403);
      expect((await events('OrganizationalTree.Delete', store.id)).length).toBe(1);
    });

    it('an admin cannot delete, move or orphan the root of their own scope', async () => {
      const del = await call(adminA1, 'DELETE', `${BASE}/${org.regionA1.id}`);
      expect(del.statusCode).toBe(403);
      expect(del.json().error).toBe('tree_own_scope_root');
      const orphan = await call(adminA1, 'POST', `${BASE}/toOrphans`, { nodeIds: [org.regionA1.id] });
      expect(orphan.statusCode).toBe(403);
      expect(orphan.json().error).toBe('tree_own_scope_root');
      const move = await call(adminA1, 'POST', `${BASE}/move`, {
        nodeId: org.regionA1.id,
        parentId: org.regionA1.id,
      });
      expect(move.statusCode).toBe(403);
      expect(move.json().error).toBe('tree_own_scope_root');
      expect((await parentOf(org.regionA1.id)).parent_id).toBe(org.clientA.id);
    });

    it('moves a node within the scope, refuses cycles and targets outside the scope', async () => {
      const store = await makeLocation(t.db, { parentId: org.regionA1.id });
      const moved = await call(adminA, 'POST', `${BASE}/move`, {
        nodeId: store.id,
        parentId: org.regionA2.id,
      });
      expect(moved.statusCode).toBe(200);
      expect(moved.json().parentId).toBe(org.regionA2.id);
      expect((await parentOf(store.id)).parent_id).toBe(org.regionA2.id);
      expect((await events('OrganizationalTree.Move', store.id))[0]?.details).toMatchObject({
        fromParentId: org.regionA1.id,
        toParentId: org.regionA2.id,
      });

      const sub = await makeGroup(t.db, { parentId: org.regionA2.id });
      const cycle = await call(adminA, 'POST', `${BASE}/move`, { nodeId: org.regionA2.id, parentId: sub.id });
      expect(cycle.statusCode).toBe(400);
      expect(cycle.json()).toMatchObject({ error: 'tree_move_cycle', field: 'parentId' });
      const self = await call(adminA, 'POST', `${BASE}/move`, { nodeId: sub.id, parentId: sub.id });
      expect(self.statusCode).toBe(400);
      expect(self.json().error).toBe('tree_move_cycle');
      expect((await parentOf(sub.id)).parent_id).toBe(org.regionA2.id);
      expect((await parentOf(org.regionA2.id)).parent_id).toBe(org.clientA.id);
      const device = await makeDevice(t.db, { parentId: store.id });
      const deviceUnderGroup = await call(adminA, 'POST', `${BASE}/move`, {
        nodeId: device.id,
        parentId: org.regionA1.id,
      });
      expect(deviceUnderGroup.statusCode).toBe(400);
      expect(deviceUnderGroup.json()).toMatchObject({ error: 'tree_parent_type', field: 'parentId' });
      expect((await parentOf(device.id)).parent_id).toBe(store.id);
      expect(await events('OrganizationalTree.Move', device.id)).toEqual([]);
      const outside = await call(adminA, 'POST', `${BASE}/move`, {
        nodeId: store.id,
        parentId: org.clientB.id,
      });
      expect(outside.statusCode).toBe(404);
      const fromOutside = await call(adminA1, 'POST', `${BASE}/move`, {
        nodeId: store.id,
        parentId: org.regionA1.id,
      });
      expect(fromOutside.statusCode).toBe(404);
      expect((await parentOf(store.id)).parent_id).toBe(org.regionA2.id);
    });

    it('a move does not wait for a rollup refresh that has taken the node from the queue', async () => {
      const store = await makeLocation(t.db, { parentId: org.regionA1.id });
      const other = await makeLocation(t.db, { parentId: org.regionA1.id });
      const device = await makeDevice(t.db, { parentId: store.id });
      await sql`insert into rollup_stale (node_id) values (${device.id})`.execute(t.db);
      // a refresh in progress: it took the queued node and has not committed its rebuild yet
      const answer = await t.db.transaction().execute(async (trx) => {
        await sql`delete from rollup_stale where node_id = ${device.id}`.execute(trx);
        const move = call(adminA, 'POST', `${BASE}/move`, { nodeId: device.id, parentId: other.id });
        return Promise.race([move, new Promise<null>((r) => setTimeout(() => r(null), 5_000))]);
      });
      expect(answer?.statusCode).toBe(200);
      expect((await parentOf(device.id)).parent_id).toBe(other.id);
      // the move queued the node again for the next refresh
      const queued = await sql<{
        node_id: string;
      }>`select node_id from rollup_stale where node_id = ${device.id}`.execute(t.db);
      expect(queued.rows.length).toBeGreaterThan(0);
    });

    it('sends nodes to the orphans and back', async () => {
      const store = await makeLocation(t.db, { parentId: org.regionA1.id });
      const res = await call(adminA1, 'POST', `${BASE}/toOrphans`, { nodeIds: [store.id] });
      expect(res.statusCode).toBe(200);
      expect(res.json().orphaned).toEqual([store.id]);
      expect((await parentOf(store.id)).orphaned_at).not.toBeNull();
      expect((await call(root, 'GET', `${BASE}/orphans`)).json().map((n: { id: string }) => n.id)).toContain(
        store.id,
      );
      const back = await call(root, 'POST', `${BASE}/move`, { nodeId: store.id, parentId: org.regionA1.id });
      expect(back.statusCode).toBe(200);
      expect(await parentOf(store.id)).toEqual({ parent_id: org.regionA1.id, orphaned_at: null });
      const outside = await call(adminA1, 'POST', `${BASE}/toOrphans`, {
        nodeIds: [store.id, org.storeB.id],
      });
      expect(outside.statusCode).toBe(404);
      expect((await parentOf(store.id)).parent_id).toBe(org.regionA1.id);
    });
  });

  describe('search', () => {
    let mac: string;
    beforeAll(async () => {
      const store = await makeLocation(t.db, { parentId: org.regionA1.id, name: 'Montréal Écluse' });
      mac = 'A4:5E:60:C2:11:7F';
      await makeDevice(t.db, {
        parentId: store.id,
        name: 'Entrée',
        referenceId: 'SN-778899',
        attributes: { macAddress: mac },
      });
      await makeLocation(t.db, { parentId: org.clientB.id, name: 'Montreal B' });
    });
    const search = async (user: MadeUser, text: string) =>
      (await call(user, 'GET', `${BASE}/search?text=${encodeURIComponent(text)}`)).json();

    it('finds by name ignoring accents and case, by MAC fragment and by reference id, inside the scope only', async () => {
      const byName = await search(userA1, 'MONTREAL');
      expect(byName.map((h: { name: string }) => h.name)).toEqual(['Montréal Écluse']);
      expect(byName[0].path).toEqual(['Region A1']);
      const byMac = await search(userA1, '5e:60:c2');
      expect(byMac).toHaveLength(1);
      expect(byMac[0]).toMatchObject({
        name: 'Entrée',
        macAddress: mac,
        path: ['Region A1', 'Montréal Écluse'],
      });
      expect((await search(userA1, 'sn-7788'))[0]?.name).toBe('Entrée');
      expect(await search(userA1, 'mo')).toEqual([]);
      expect(await search(userA1, '5e:60')).toEqual([]);
      const all = (await search(root, 'montreal')).map((h: { name: string }) => h.name).sort();
      expect(all).toEqual(['Montreal B', 'Montréal Écluse']);
    });
  });
});
