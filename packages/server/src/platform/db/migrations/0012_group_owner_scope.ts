import { sql, type Kysely } from 'kysely';

/**
 * Issue 11: user groups (and, through their group, dashboard templates) belong to an owner scope, a
 * tree node; a caller sees and changes only the groups whose owner scope lies in their own subtree.
 * `null` is the deployment: only a superAdmin without scope sees those.
 *
 * - `_EVERYONE_` becomes one group per client group (top-level node), created when first needed;
 *   the deployment-wide row of migration 0010 stays, owned by nobody (null), as the `_EVERYONE_` of
 *   users without a scope. Templates already saved in it stay there: they may name any tenant's
 *   nodes, so they are shown only to the unscoped superAdmin, who can copy each one into the
 *   `_EVERYONE_` of the client group it belongs to (POST /api/Template/copy).
 * - An existing named group gets as owner the deepest node whose subtree holds every member's scope
 *   (members decide: they are who the group's templates reach). A group with no member takes the
 *   scope of the user who created it, found in the event log (the latest `UserGroup.Create` naming
 *   it, when that user still exists). A group with an unscoped member, or neither, stays with the
 *   deployment (null).
 * - Group names are unique per owner scope, so a name taken in one tenant tells nothing to another.
 * - Deleting the owner node deletes its groups (and their templates); their users fall back to their
 *   `_EVERYONE_`. Nobody else could manage them, and handing them to the deployment could collide
 *   with a deployment group of the same name.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table user_group add column owner_scope_node_id uuid references node(id) on delete cascade;
    create index user_group_owner_idx on user_group (owner_scope_node_id);
    drop index user_group_name_idx;
    create unique index user_group_name_idx on user_group
      (coalesce(owner_scope_node_id, '00000000-0000-0000-0000-000000000000'::uuid), lower(name));
  `.execute(db);
  await assignGroupOwners(db);
}

/** The owner of each named group without one, as described above (exported for its test). */
export async function assignGroupOwners(db: Kysely<unknown>): Promise<void> {
  await sql`
    with recursive chain as (
      select u.user_group_id as gid, u.id as uid, u.scope_node_id as nid, 0 as depth
        from app_user u where u.user_group_id is not null and u.scope_node_id is not null
      union all
      select c.gid, c.uid, n.parent_id, c.depth + 1
        from chain c join node n on n.id = c.nid
       where n.parent_id is not null and c.depth < 64
    ),
    members as (
      select user_group_id as gid, count(*) as n, count(scope_node_id) as scoped
        from app_user where user_group_id is not null group by user_group_id
    ),
    common as (
      select gid, nid, count(distinct uid) as k, min(depth) as d from chain group by gid, nid
    ),
    lowest as (
      select distinct on (c.gid) c.gid, c.nid
        from common c join members m on m.gid = c.gid
       where c.k = m.n and m.scoped = m.n
       order by c.gid, c.d
    )
    update user_group g set owner_scope_node_id = lowest.nid
      from lowest
     where g.id = lowest.gid and g.name <> '_EVERYONE_' and g.owner_scope_node_id is null;

    update user_group g set owner_scope_node_id = (
      select u.scope_node_id
        from event_log e join app_user u on u.id = e.requester_id
       where e.command = 'UserGroup.Create' and lower(e.target) = lower(g.name)
       order by e.occurred_on desc limit 1
    )
    where g.name <> '_EVERYONE_' and g.owner_scope_node_id is null
      and not exists (select 1 from app_user m where m.user_group_id = g.id);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    delete from user_group where name = '_EVERYONE_' and owner_scope_node_id is not null;
    drop index user_group_name_idx;
    create unique index user_group_name_idx on user_group (lower(name));
    alter table user_group drop column owner_scope_node_id;
  `.execute(db);
}
