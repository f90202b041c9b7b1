import { z } from 'zod';
import { ROLES } from '../roles.js';
import { LANGUAGES } from '../constants.js';
import { USER_REPORTS } from './user-reports.js';

export const RoleSchema = z.enum(ROLES);
/** Language codes are stored and sent as two letters (spec: "language codes trimmed to two characters"). */
export const LanguageSchema = z.enum(LANGUAGES);

export const MobileSettings = z.object({
  hasAccessRanking: z.boolean(),
  hasAccessPerformance: z.boolean(),
  hasAccessOccupancy: z.boolean(),
  hasAccessDashboard: z.boolean(),
  hasAccessOrganizationalTreeEvent: z.boolean(),
  defaultOccupancyLiveViewId: z.uuid().nullable(),
});
export type MobileSettings = z.infer<typeof MobileSettings>;
export const DEFAULT_MOBILE_SETTINGS: MobileSettings = {
  hasAccessRanking: false,
  hasAccessPerformance: false,
  hasAccessOccupancy: false,
  hasAccessDashboard: true,
  hasAccessOrganizationalTreeEvent: false,
  defaultOccupancyLiveViewId: null,
};

export { USER_REPORTS, type UserReport } from './user-reports.js';
/** A set of reports: known names only, each once, in the list's order. */
export const UserReports = z
  .array(z.enum(USER_REPORTS))
  .max(USER_REPORTS.length * 2)
  .transform((names) => USER_REPORTS.filter((r) => names.includes(r)));

/** GET /api/User/Current (also /user/current): the signed-in user (the subject while impersonating). */
export const UserCurrent = z.object({
  id: z.uuid(),
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  language: LanguageSchema,
  roles: z.array(RoleSchema),
  /** scope node id; null = the whole tree (superAdmin without a scope) */
  scope: z.uuid().nullable(),
  scopeName: z.string().nullable(),
  userGroupId: z.uuid().nullable(),
  userGroupName: z.string().nullable(),
  mobileSettings: MobileSettings,
  /** idle minutes before logout; 0 disables it */
  timeout: z.number().int().min(0),
  resetPasswordAtNextLogin: z.boolean(),
  isSsoUser: z.boolean(),
  /** the reports the user may use (USER_REPORTS) */
  reports: z.array(z.enum(USER_REPORTS)),
  /** username of the real actor while impersonating, else null */
  impersonator: z.string().nullable(),
});
export type UserCurrent = z.infer<typeof UserCurrent>;

/** A user as the user-management screens see it (GET /api/User, GET /api/User/{id}). */
export const UserDto = UserCurrent.omit({ impersonator: true }).extend({
  /** a disabled user cannot sign in; their tokens died when they were disabled */
  disabled: z.boolean(),
  createdAt: z.string(),
  /** last successful password sign-in (ISO), null when never */
  lastSignInAt: z.string().nullable(),
});
export type UserDto = z.infer<typeof UserDto>;
export const UserList = z.array(UserDto);

/** Columns the users screen sorts by (GET /api/User/search `sortBy`). */
export const USER_SORT_KEYS = ['name', 'username', 'email', 'group', 'scope', 'lastSignIn', 'state'] as const;
export type UserSortKey = (typeof USER_SORT_KEYS)[number];

const queryFlag = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');

/**
 * The users screen's filter (GET /api/User/search and the users report): free text on names,
 * username and e-mail; one role; one user group (the `_EVERYONE_` group also matches users without
 * one); the users whose scope lies in a node's subtree; active or disabled.
 */
export const UserFilterQuery = z.object({
  search: z.string().trim().max(200).optional(),
  role: RoleSchema.optional(),
  userGroupId: z.uuid().optional(),
  scope: z.uuid().optional(),
  state: z.enum(['active', 'disabled']).optional(),
  sortBy: z.enum(USER_SORT_KEYS).default('name'),
  sortDesc: queryFlag,
});
export type UserFilterQuery = z.infer<typeof UserFilterQuery>;

/** GET /api/User/search: one page of the filtered users (`page` from 1) and the full count. */
export const UserSearchQuery = UserFilterQuery.extend({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(25),
});
export type UserSearchQuery = z.infer<typeof UserSearchQuery>;
export const UserPage = z.object({ items: UserList, fullCount: z.number().int() });
export type UserPage = z.infer<typeof UserPage>;

/** GET /api/User/UsersReport: the filtered users as a CSV (UTF-8 with BOM) or XLSX file. */
export const UsersReportQuery = UserFilterQuery.extend({
  format: z.enum(['csv', 'xlsx']).default('xlsx'),
  /** language of the column titles; the caller's when absent */
  language: LanguageSchema.optional(),
});
export type UsersReportQuery = z.infer<typeof UsersReportQuery>;

/** Accepts 'fr', 'fr-CA', ' FR ': stored as the two-letter code. */
const LanguageInput = z
  .string()
  .trim()
  .min(2)
  .max(10)
  .transform((v) => v.slice(0, 2).toLowerCase())
  .pipe(LanguageSchema);
const Name = z.string().trim().min(1).max(100);

/**
 * POST /api/User. `scope` is required for every role but superAdmin (null = the whole tree).
 * Without `password` the user sets one through "forgot password" (or signs in by SSO).
 */
export const CreateUserBody = z.object({
  username: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .regex(/^[^\s]+$/, 'no spaces'),
  firstName: Name,
  lastName: Name,
  email: z.email().max(254),
  language: LanguageInput.default('en'),
  roles: z.array(RoleSchema).min(1).max(ROLES.length),
  scope: z.uuid().nullable(),
  userGroupId: z.uuid().nullable().default(null),
  mobileSettings: MobileSettings.partial().default({}),
  timeout: z.number().int().min(0).max(1440).default(0),
  resetPasswordAtNextLogin: z.boolean().default(false),
  isSsoUser: z.boolean().default(false),
  reports: UserReports.default([]),
  password: z.string().min(1).max(1000).optional(),
  disabled: z.boolean().default(false),
});
export type CreateUserBody = z.infer<typeof CreateUserBody>;

/** PUT /api/User/{id}: only the fields sent change. `disabled: true` ends every session at once. */
export const UpdateUserBody = z
  .object({
    username: CreateUserBody.shape.username,
    firstName: Name,
    lastName: Name,
    email: z.email().max(254),
    language: LanguageInput,
    roles: CreateUserBody.shape.roles,
    scope: z.uuid().nullable(),
    userGroupId: z.uuid().nullable(),
    mobileSettings: MobileSettings.partial(),
    timeout: z.number().int().min(0).max(1440),
    resetPasswordAtNextLogin: z.boolean(),
    isSsoUser: z.boolean(),
    reports: UserReports,
    password: z.string().min(1).max(1000),
    disabled: z.boolean(),
  })
  .partial();
export type UpdateUserBody = z.infer<typeof UpdateUserBody>;

/**
 * PUT /api/User/profile: the profile dialog. Fields are loose strings here; the rules of spec
 * section 5 (validateProfile) run on the server and answer 400 naming the field, with the message
 * key (required, email_invalid_message, ...) as `message`.
 */
export const ProfileBody = z.object({
  id: z.uuid(),
  firstName: z.string().max(100).nullish(),
  lastName: z.string().max(100).nullish(),
  email: z.string().max(254).nullish(),
  language: z.string().max(10).nullish(),
  oldPassword: z.string().max(1000).nullish(),
  newPassword: z.string().max(1000).nullish(),
  newPasswordConfirmation: z.string().max(1000).nullish(),
});
export type ProfileBody = z.infer<typeof ProfileBody>;

const flag = queryFlag;
/** DELETE /api/User/{id}?validate=&force= (both default false). */
export const DeleteUserQuery = z.object({ validate: flag, force: flag });

/** What the user owns: rows of other resources that point at them (dashboards, live views...). */
export const OwnedResource = z.object({
  /** the table holding them, e.g. "dashboard" */
  resource: z.string(),
  count: z.number().int(),
  /** what deleting the user does to them: deleted with the user, or kept without an owner */
  onDelete: z.enum(['deleted', 'unlinked']),
});

/**
 * Answer of DELETE /api/User/{id}. With `validate=true` nothing changes: `deleted` is false and the
 * answer says what a deletion would affect. Without `force`, a user who owns something is not
 * deleted: the answer is 409 (`blocked`). With `force=true` the user and what they own go.
 */
export const DeleteUserResult = z.object({
  userId: z.uuid(),
  username: z.string(),
  validateOnly: z.boolean(),
  deleted: z.boolean(),
  /** true when the user owns something and `force` was not given */
  blocked: z.boolean(),
  owned: z.array(OwnedResource),
  /** users whose scope lies inside this user's scope (they keep their own scope) */
  affectedUsers: z.number().int(),
});
export type DeleteUserResult = z.infer<typeof DeleteUserResult>;

/** GET /api/User/{id}/affected-users: users whose scope node lies in that user's scope subtree. */
export const AffectedUser = z.object({
  id: z.uuid(),
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  roles: z.array(RoleSchema),
  scope: z.uuid().nullable(),
  scopeName: z.string().nullable(),
});
export const AffectedUsers = z.array(AffectedUser);
/** 409 answer of DELETE /api/User/{id} without force for a user who owns something. */
export const DeleteUserConflict = DeleteUserResult.extend({
  error: z.literal('conflict'),
  message: z.string(),
  statusCode: z.literal(409),
});
