import { ROLES, type Principal, type Role, type UserDto, type UsersReportQuery } from '@footfall/domain';
import { textsIn, type TextKey, type Translate } from '../../platform/i18n/texts.js';
import type { ExportsService } from '../exports/exports.service.js';
import type { TableDocument } from '../exports/exports.types.js';
import type { UsersService } from './users.service.js';

export interface ReportFile {
  fileName: string;
  contentType: string;
  body: Buffer;
}

const CONTENT_TYPES = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

/** The users screen's columns, in its order, as a table of the exports feature. */
export function usersTable(users: readonly UserDto[], t: Translate): TableDocument {
  const role = (r: Role) => t(`users_report_role_${r}` as TextKey);
  return {
    sheetName: t('users_report_sheet'),
    columns: [
      { title: t('users_report_name'), width: 26 },
      { title: t('users_report_username'), width: 20 },
      { title: t('users_report_email'), width: 30 },
      { title: t('users_report_roles'), width: 26 },
      { title: t('users_report_group'), width: 20 },
      { title: t('users_report_scope'), width: 24 },
      { title: t('users_report_language'), width: 10 },
      { title: t('users_report_last_sign_in'), width: 20, kind: 'date' },
      { title: t('users_report_state'), width: 12 },
    ],
    rows: users.map((u) => [
      `${u.firstName} ${u.lastName}`,
      u.username,
      u.email,
      ROLES.filter((r) => u.roles.includes(r))
        .map(role)
        .join(', '),
      u.userGroupName ?? '',
      u.scopeName ?? t('users_report_whole_tree'),
      u.language,
      u.lastSignInAt ? new Date(u.lastSignInAt) : null,
      t(u.disabled ? 'users_report_disabled' : 'users_report_active'),
    ]),
  };
}

/** The users report (UsersReport): the users screen's current filter, every page, as CSV or XLSX. */
export function createUsersReportService({
  users,
  exports,
}: {
  users: UsersService;
  exports: ExportsService;
}) {
  return {
    async render(principal: Principal, query: UsersReportQuery): Promise<ReportFile> {
      const { format, language, ...filter } = query;
      const t = textsIn(language ?? (await users.current(principal)).language);
      const table = usersTable(await users.searchAll(principal, filter), t);
      const body = format === 'csv' ? exports.tableCsv(table) : await exports.tableXlsx(table);
      return { fileName: `${t('users_report_file')}.${format}`, contentType: CONTENT_TYPES[format], body };
    },
  };
}
export type UsersReportService = ReturnType<typeof createUsersReportService>;
