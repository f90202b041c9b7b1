import {
  DEFAULT_MOBILE_SETTINGS,
  checkPassword,
  canGrantRoles,
  outranksOrEquals,
  seesWholeTree,
  trimLanguage,
  validateProfile,
  wantsPasswordChange,
  type CreateUserBody,
  type DeleteUserResult,
  type MobileSettings,
  type Principal,
  type ProfileBody,
  type Role,
  type UpdateUserBody,
  type UserDto,
  type UserFilterQuery,
  type UserPage,
  type UserSearchQuery,
} from '@footfall/domain';
import type { AppContext } from '../../platform/context.js';
import type { EventLogService } from '../event-log/event-log.service.js';
import type { ScopeService } from '../tree/scope.service.js';
import {
  AppError,
  badRequest,
  conflict,
  forbidden,
  invalidField,
  notFound,
} from '../../platform/http/errors.js';
import { hashPassword, verifyPassword } from '../../platform/auth/password-hash.js';
import { PasswordRuleError } from '../../platform/http/password-rule.error.js';
import { toUserCurrent, toUserDto } from './users.presenter.js';
import {
  countUsers,
  passwordHashOf,
  searchUsers,
  type UserSearch,
  deleteUser,
  insertUser,
  nodeExists,
  ownedBy,
  selectUsers,
  updateUser,
  usernameTaken,
  type UserRow,
  type UserValues,
} from './users.repository.js';

/** What a new user receives from the templates feature: the dashboards of the group's creation actions. */
export interface UserCreationPort {
  applyUserCreationActions(
    userId: string,
    userGroupId: string | null,
    scopeNodeId: string | null,
  ): Promise<number>;
}
/** What users need from the auth feature: the recovery mail, sent on an admin's request. */
export interface PasswordResetPort {
  sendRecoveryMail(actor: Principal, userId: string): Promise<void>;
}
/** What users need from the user groups feature: a group the actor manages (404 otherwise). */
export interface UserGroupPort {
  get(principal: Principal, id: string): Promise<{ ownerScopeNodeId: string | null }>;
}
type Deps = Pick<AppContext, 'db' | 'clock' | 'bus'> & {
  eventLog: EventLogService;
  scope: ScopeService;
  /** late-bound: the templates feature is composed after users */
  templates?: () => UserCreationPort;
  /** late-bound too; without it (create-admin) no group can be given */
  groups?: () => UserGroupPort;
  /** the recovery mail (auth feature) */
  passwords?: PasswordResetPort;
};

/** What the demo seeder and the create-admin command give to create a user without an actor. */
export interface SystemUserInput {
  username: string;
  password: string;
  firstName: string;
  lastName: string;
  email: string;
  language: string;
  roles: Role[];
  scopeNodeId: string | null;
  mobileSettings?: Partial<MobileSettings>;
  /** the reports the user may use (USER_REPORTS); none when absent */
  reports?: string[];
}

/** A user created by their first single sign-on (see createSsoUser). */
export interface SsoUserInput {
  username: string;
  firstName: string;
  lastName: string;
  email: string;
  language: string;
  roles: Role[];
  scopeNodeId: string | null;
  userGroupId: string | null;
  /** the customer sign-in's slug, for the event log */
  signIn: string;
}

const hashChecked = async (password: string, field: string) => {
  const check = checkPassword(password);
  if (!check.valid) throw new PasswordRuleError(field, check.missing, check.classesShort);
  return hashPassword(password);
};

/**
 * User management. Only admin-kind callers reach it (route access); each one manages only the users
 * whose scope lies inside their own scope (404 otherwise), never anyone more privileged (403), and
 * never hands out superAdmin (unless a superAdmin) or a scope outside their own.
 */
export function createUsersService({ db, clock, bus, eventLog, scope, templates, groups, passwords }: Deps) {
  const visible = async (principal: Principal, row: UserRow) =>
    scope.isScopeVisible(principal, row.scope_node_id);

  async function loadManaged(principal: Principal, id: string): Promise<UserRow> {
    const [row] = await selectUsers(db, { id });
    if (!row || !(await visible(principal, row))) throw notFound('User');
    return row;
  }

  async function presentById(id: string): Promise<UserDto> {
    const [row] = await selectUsers(db, { id });
    if (!row) throw notFound('User');
    return toUserDto(row);
  }

  /** Roles and scope the actor may give; a non-superAdmin always needs a scope. */
  async function checkGrant(principal: Principal, roles: readonly Role[], scopeNodeId: string | null) {
    if (!canGrantRoles(principal, roles)) throw forbidden('You cannot grant the superAdmin role');
    if (scopeNodeId === null) {
      if (!roles.includes('superAdmin')) throw badRequest('A scope is required', 'scope');
      if (!seesWholeTree(principal)) {
        throw forbidden('You cannot grant the whole tree');
      }
      return;
    }
    // outside the caller's scope looks exactly like a node that does not exist
    if (!(await nodeExists(db, scopeNodeId)) || !(await scope.isInScope(principal, scopeNodeId))) {
      throw badRequest('Unknown scope node', 'scope');
    }
  }

  /**
   * A group given to a user must be one the actor manages (another tenant's looks unknown) and own
   * the user's scope, so that its templates never reach a user outside it.
   */
  async function checkGroup(
    principal: Principal,
    userGroupId: string | null | undefined,
    userScopeNodeId: string | null,
  ) {
    if (!userGroupId) return;
    const group = groups
      ? await groups()
          .get(principal, userGroupId)
          .catch((e: unknown) => {
            if (e instanceof AppError && e.statusCode === 404) return null;
            throw e;
          })
      : null;
    if (!group) throw badRequest('Unknown user group', 'userGroupId');
    const owner = group.ownerScopeNodeId;
    if (owner !== null && (userScopeNodeId === null || !(await scope.contains(owner, userScopeNodeId)))) {
      throw badRequest("The user's scope lies outside the group's", 'userGroupId');
    }
  }

  /**
   * The subtrees a filtered list is limited to: the caller's scope (none for the unscoped
   * superAdmin) and the `scope` filter, which must lie inside it (400 naming `scope` otherwise).
   * null: the caller sees no user at all (a scoped role without a scope).
   */
  async function searchRoots(principal: Principal, filter: UserFilterQuery): Promise<string[] | null> {
    const roots: string[] = [];
    if (principal.scopeNodeId !== null) roots.push(principal.scopeNodeId);
    else if (!seesWholeTree(principal)) return null;
    if (filter.scope) {
      if (!(await nodeExists(db, filter.scope)) || !(await scope.isInScope(principal, filter.scope)))
        throw badRequest('Unknown scope node', 'scope');
      roots.push(filter.scope);
    }
    return roots;
  }

  async function search(principal: Principal, filter: UserFilterQuery, page: UserSearch['page']) {
    const roots = await searchRoots(principal, filter);
    if (!roots) return { rows: [], fullCount: 0 };
    return searchUsers(db, {
      scopeRootIds: roots,
      search: filter.search || undefined,
      role: filter.role,
      userGroupId: filter.userGroupId,
      state: filter.state,
      sortBy: filter.sortBy,
      sortDesc: filter.sortDesc,
      page,
    });
  }

  async function checkUsername(username: string, exceptId?: string) {
    if (await usernameTaken(db, username, exceptId)) throw conflict('This username is taken', 'username');
  }

  return {
    async count(): Promise<number> {
      return countUsers(db);
    },

    /** For the tree feature: another user's scope and roles. */
    async scopeOf(userId: string) {
      const [row] = await selectUsers(db, { id: userId });
      return row ? { scopeNodeId: row.scope_node_id, roles: row.roles as Role[] } : null;
    },

    async current(principal: Principal) {
      const [row] = await selectUsers(db, { id: principal.userId });
      if (!row) throw notFound('User');
      return toUserCurrent(row, principal.actor?.username ?? null);
    },

    async list(principal: Principal): Promise<UserDto[]> {
      if (principal.scopeNodeId === null) {
        return seesWholeTree(principal) ? (await selectUsers(db)).map(toUserDto) : [];
      }
      return (await selectUsers(db, { scopeRootId: principal.scopeNodeId })).map(toUserDto);
    },

    /** The users screen: one page of the users in the caller's scope matching the filter. */
    async search(principal: Principal, q: UserSearchQuery): Promise<UserPage> {
      const { rows, fullCount } = await search(principal, q, {
        offset: (q.page - 1) * q.pageSize,
        limit: q.pageSize,
      });
      return { items: rows.map(toUserDto), fullCount };
    },

    /** Every user matching the filter, in the screen's order (the users report). */
    async searchAll(principal: Principal, filter: UserFilterQuery): Promise<UserDto[]> {
      return (await search(principal, filter, null)).rows.map(toUserDto);
    },

    /** Mails a managed user the single-use link to choose a new password. */
    async sendPasswordResetMail(principal: Principal, id: string): Promise<void> {
      const target = await loadManaged(principal, id);
      if (!outranksOrEquals(principal, target.roles as Role[]))
        throw forbidden('You cannot manage this user');
      if (!passwords) throw new AppError(503, 'mail_unavailable', 'Mail is not available');
      await passwords.sendRecoveryMail(principal, id);
    },

    async get(principal: Principal, id: string): Promise<UserDto> {
      return toUserDto(await loadManaged(principal, id));
    },

    /** Users whose scope node lies in this user's scope subtree (themself excluded). */
    async affectedUsers(principal: Principal, id: string) {
      const target = await loadManaged(principal, id);
      const rows = target.scope_node_id
        ? await selectUsers(db, { scopeRootId: target.scope_node_id, excludeId: id })
        : await selectUsers(db, { excludeId: id });
      return rows.map((r) => ({
        id: r.id,
        username: r.username,
        firstName: r.first_name,
        lastName: r.last_name,
        roles: r.roles as Role[],
        scope: r.scope_node_id,
        scopeName: r.scope_name,
      }));
    },

    async create(principal: Principal, body: CreateUserBody): Promise<UserDto> {
      await checkGrant(principal, body.roles, body.scope);
      await checkGroup(principal, body.userGroupId, body.scope);
      await checkUsername(body.username);
      if (body.isSsoUser && body.password)
        throw badRequest('Single sign-on users have no password', 'password');
      const values: UserValues = {
        username: body.username,
        first_name: body.firstName,
        last_name: body.lastName,
        email: body.email,
        language: body.language,
        password_hash: body.password ? await hashChecked(body.password, 'password') : null,
        roles: [...new Set(body.roles)],
        scope_node_id: body.scope,
        user_group_id: body.userGroupId,
        mobile_settings: { ...DEFAULT_MOBILE_SETTINGS, ...body.mobileSettings },
        timeout_minutes: body.timeout,
        reset_password_at_next_login: body.resetPasswordAtNextLogin,
        is_sso_user: body.isSsoUser,
        disabled_at: body.disabled ? clock.now() : null,
        reports: body.reports,
      };
      const id = await eventLog.withAudit(async (tx) => {
        const id = await insertUser(db, values, clock.now());
        const dashboards = templates
          ? await templates().applyUserCreationActions(id, body.userGroupId ?? null, body.scope)
          : 0;
        await eventLog.record(tx, principal, 'User.Create', body.username, {
          roles: values.roles,
          scope: body.scope,
          dashboards,
        });
        return id;
      });
      return presentById(id);
    },

    /**
     * A single-sign-on user created on their first sign-in (features/sso): no password, the group,
     * scope and roles the customer sign-in configures, no actor (the event log names the sign-in).
     * The username is the e-mail (or the provider's subject), made unique with a number when taken.
     */
    async createSsoUser(input: SsoUserInput): Promise<{ id: string; username: string }> {
      let username = input.username.slice(0, 100);
      for (let n = 2; await usernameTaken(db, username); n++)
        username = `${input.username.slice(0, 90)}-${n}`;
      const id = await eventLog.withAudit(async (tx) => {
        const id = await insertUser(
          db,
          {
            username,
            first_name: input.firstName,
            last_name: input.lastName,
            email: input.email,
            language: trimLanguage(input.language),
            password_hash: null,
            roles: [...new Set(input.roles)],
            scope_node_id: input.scopeNodeId,
            user_group_id: input.userGroupId,
            mobile_settings: { ...DEFAULT_MOBILE_SETTINGS },
            timeout_minutes: 0,
            reset_password_at_next_login: false,
            is_sso_user: true,
            disabled_at: null,
          },
          clock.now(),
        );
        if (templates) await templates().applyUserCreationActions(id, input.userGroupId, input.scopeNodeId);
        await eventLog.record(tx, null, 'User.Create', username, {
          roles: input.roles,
          scope: input.scopeNodeId,
          signIn: input.signIn,
        });
        return id;
      });
      return { id, username };
    },

    /** The demo seeder and `npm run create-admin`: no actor, no scope checks; the password rule holds. */
    async createAsSystem(input: SystemUserInput): Promise<{ id: string }> {
      await checkUsername(input.username);
      // hashed before the transaction opens: argon2 takes a while and the connection waits for nobody
      const passwordHash = await hashChecked(input.password, 'password');
      const id = await eventLog.withAudit(async (tx) => {
        const id = await insertUser(
          db,
          {
            username: input.username,
            first_name: input.firstName,
            last_name: input.lastName,
            email: input.email,
            language: trimLanguage(input.language),
            password_hash: passwordHash,
            roles: input.roles,
            scope_node_id: input.scopeNodeId,
            user_group_id: null,
            mobile_settings: { ...DEFAULT_MOBILE_SETTINGS, ...input.mobileSettings },
            timeout_minutes: 0,
            reset_password_at_next_login: false,
            is_sso_user: false,
            disabled_at: null,
            ...(input.reports ? { reports: input.reports } : {}),
          },
          clock.now(),
        );
        await eventLog.record(tx, null, 'User.Create', input.username, {
          roles: input.roles,
          scope: input.scopeNodeId,
        });
        return id;
      });
      return { id };
    },

    async update(principal: Principal, id: string, body: UpdateUserBody): Promise<UserDto> {
      const target = await loadManaged(principal, id);
      if (!outranksOrEquals(principal, target.roles as Role[]))
        throw forbidden('You cannot manage this user');
      const self = id === principal.userId;
      if (self && body.disabled) throw badRequest('You cannot disable yourself', 'disabled');
      const roles = body.roles ? [...new Set(body.roles)] : (target.roles as Role[]);
      const scopeNodeId = body.scope !== undefined ? body.scope : target.scope_node_id;
      if (body.roles !== undefined || body.scope !== undefined)
        await checkGrant(principal, roles, scopeNodeId);
      await checkGroup(principal, body.userGroupId, scopeNodeId);
      if (body.username !== undefined) await checkUsername(body.username, id);
      const values: Partial<UserValues> = {};
      if (body.username !== undefined) values.username = body.username;
      if (body.firstName !== undefined) values.first_name = body.firstName;
      if (body.lastName !== undefined) values.last_name = body.lastName;
      if (body.email !== undefined) values.email = body.email;
      if (body.language !== undefined) values.language = body.language;
      if (body.roles !== undefined) values.roles = roles;
      if (body.scope !== undefined) values.scope_node_id = body.scope;
      if (body.userGroupId !== undefined) values.user_group_id = body.userGroupId;
      if (body.mobileSettings !== undefined)
        values.mobile_settings = { ...target.mobile_settings, ...body.mobileSettings };
      if (body.timeout !== undefined) values.timeout_minutes = body.timeout;
      if (body.resetPasswordAtNextLogin !== undefined)
        values.reset_password_at_next_login = body.resetPasswordAtNextLogin;
      if (body.isSsoUser !== undefined) values.is_sso_user = body.isSsoUser;
      if (body.reports !== undefined) values.reports = body.reports;
      if (body.password !== undefined) values.password_hash = await hashChecked(body.password, 'password');
      const disabling = body.disabled === true && target.disabled_at === null;
      if (body.disabled !== undefined)
        values.disabled_at = body.disabled ? (target.disabled_at ?? clock.now()) : null;
      // a disabled user, or one whose password an admin replaced, loses every session at once
      await eventLog.withAudit(async (tx) => {
        await updateUser(db, id, values, clock.now(), disabling || body.password !== undefined);
        const changed = Object.keys(body).filter((k) => k !== 'password');
        await eventLog.record(tx, principal, disabling ? 'User.Disable' : 'User.Update', target.username, {
          changed: body.password !== undefined ? [...changed, 'password'] : changed,
        });
      });
      if (disabling || body.roles !== undefined || body.scope !== undefined) {
        bus.emit('userAccessChanged', { userId: id });
      }
      return presentById(id);
    },

    async remove(
      principal: Principal,
      id: string,
      opts: { validate: boolean; force: boolean },
    ): Promise<DeleteUserResult> {
      const target = await loadManaged(principal, id);
      if (!outranksOrEquals(principal, target.roles as Role[]))
        throw forbidden('You cannot manage this user');
      if (id === principal.userId) throw badRequest('You cannot delete yourself', 'id');
      const owned = await ownedBy(db, id);
      const affected = target.scope_node_id
        ? await selectUsers(db, { scopeRootId: target.scope_node_id, excludeId: id })
        : await selectUsers(db, { excludeId: id });
      const blocked = owned.length > 0 && !opts.force;
      const result: DeleteUserResult = {
        userId: id,
        username: target.username,
        validateOnly: opts.validate,
        deleted: false,
        blocked,
        owned,
        affectedUsers: affected.length,
      };
      if (opts.validate) return result;
      if (blocked) {
        // 409 with the report as details, so the client shows what the user owns
        const what = owned.map((o) => `${o.count} ${o.resource}`).join(', ');
        throw conflict(`The user owns ${what}; delete with force=true to delete them too`, undefined, result);
      }
      await eventLog.withAudit(async (tx) => {
        await deleteUser(db, id);
        await eventLog.record(tx, principal, 'User.Delete', target.username, { owned, force: opts.force });
      });
      bus.emit('userAccessChanged', { userId: id });
      return { ...result, deleted: true };
    },

    /** The profile dialog: one's own names, e-mail, language and optionally password. */
    async updateProfile(principal: Principal, body: ProfileBody): Promise<UserDto> {
      if (body.id !== principal.userId) throw forbidden('You can only edit your own profile');
      const [row] = await selectUsers(db, { id: body.id });
      if (!row) throw notFound('User');
      if (row.is_sso_user) throw forbidden('Single sign-on users cannot edit their profile');
      const [first] = validateProfile(body);
      if (first?.key === 'password_rule') {
        const check = checkPassword(body.newPassword ?? '');
        throw new PasswordRuleError('newPassword', check.missing, check.classesShort);
      }
      if (first) throw invalidField(first.key, first.field);
      const values: Partial<UserValues> = {
        first_name: body.firstName!.trim(),
        last_name: body.lastName!.trim(),
        email: body.email!.trim(),
        language: trimLanguage(body.language),
      };
      const changingPassword = wantsPasswordChange(body);
      if (changingPassword) {
        if (principal.actor) throw forbidden('An impersonator cannot change the password');
        if (!(await verifyPassword(await passwordHashOf(db, body.id), body.oldPassword ?? ''))) {
          throw invalidField('old_password_invalid', 'oldPassword');
        }
        values.password_hash = await hashPassword(body.newPassword!);
        values.reset_password_at_next_login = false;
      }
      // sessions are kept: the dialog answers the user, not a new token (use password-change for that)
      await eventLog.withAudit(async (tx) => {
        await updateUser(db, body.id, values, clock.now(), false);
        await eventLog.record(tx, principal, 'User.Profile', row.username, {
          changed: changingPassword ? ['profile', 'password'] : ['profile'],
        });
      });
      return presentById(body.id);
    },

    /**
     * For scheduled reports: the owner as a principal (null when deleted or disabled), with the
     * address and language their mails use.
     */
    async activeAccount(userId: string) {
      const [row] = await selectUsers(db, { id: userId });
      if (!row || row.disabled_at) return null;
      const principal: Principal = {
        userId: row.id,
        username: row.username,
        roles: row.roles as Role[],
        scopeNodeId: row.scope_node_id,
      };
      return { principal, email: row.email, language: row.language, name: displayName(row) };
    },

    /** For scheduled reports: the active users with an address whose scope this principal sees. */
    async mailableUsers(principal: Principal) {
      if (principal.scopeNodeId === null && !seesWholeTree(principal)) return [];
      const rows = await selectUsers(db, principal.scopeNodeId ? { scopeRootId: principal.scopeNodeId } : {});
      const self = await selectUsers(db, { id: principal.userId });
      return [...new Map([...self, ...rows].map((r) => [r.id, r])).values()]
        .filter((r) => !r.disabled_at && r.email)
        .map((r) => ({ userId: r.id, name: displayName(r), email: r.email, language: r.language }));
    },
  };
}

const displayName = (r: { first_name: string; last_name: string; username: string }) =>
  [r.first_name, r.last_name].filter(Boolean).join(' ').trim() || r.username;
export type UsersService = ReturnType<typeof createUsersService>;
