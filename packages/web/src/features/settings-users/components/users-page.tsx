import { useEffect, useMemo, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControl from '@mui/material/FormControl';
import InputAdornment from '@mui/material/InputAdornment';
import InputLabel from '@mui/material/InputLabel';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import Download from '@mui/icons-material/DownloadOutlined';
import Groups from '@mui/icons-material/GroupsOutlined';
import Search from '@mui/icons-material/Search';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ROLES, USER_SORT_KEYS, type Role, type UserDto, type UserSortKey } from '@footfall/domain';
import { paths } from '../../../config/paths';
import { useNotify } from '../../../components/notifications';
import { useDebounced } from '../../../components/tree-selector/tree-view';
import { useLang } from '../../../lib/use-lang';
import { downloadUsersReport, userGroupsQuery, usersPageQuery, type UsersFilter } from '../api/users-api';
import { fullName, roleLabel, rolesText, signInText } from '../lib/user-labels';
import { DeleteUserDialog } from './delete-user-dialog';
import { ScopePicker } from './scope-picker';
import { UserRowActions } from './user-row-actions';

const PAGE_SIZES = [10, 25, 50, 100];
const COLUMNS: { key: UserSortKey; label: string }[] = [
  { key: 'name', label: 'settings_users_col_name' },
  { key: 'username', label: 'settings_users_col_username' },
  { key: 'email', label: 'settings_users_col_email' },
];
const COLUMNS_AFTER_ROLES: { key: UserSortKey; label: string }[] = [
  { key: 'group', label: 'settings_users_col_group' },
  { key: 'scope', label: 'settings_users_col_scope' },
  { key: 'lastSignIn', label: 'settings_users_col_last_sign_in' },
  { key: 'state', label: 'settings_users_col_state' },
];

const isSortKey = (v: string | null): v is UserSortKey => USER_SORT_KEYS.includes(v as UserSortKey);
const isRole = (v: string | null): v is Role => ROLES.includes(v as Role);

/** The filter lives in the URL, so a reload, the back button and stopping impersonation keep it. */
function useUsersFilter() {
  const [params, setParams] = useSearchParams();
  const filter: UsersFilter = {
    search: params.get('search') ?? undefined,
    role: isRole(params.get('role')) ? (params.get('role') as Role) : undefined,
    userGroupId: params.get('group') ?? undefined,
    scope: params.get('scope') ?? undefined,
    state: (['active', 'disabled'] as const).find((s) => s === params.get('state')),
    sortBy: isSortKey(params.get('sort')) ? (params.get('sort') as UserSortKey) : 'name',
    sortDesc: params.get('desc') === '1',
    page: Math.max(1, Number(params.get('page')) || 1),
    pageSize: PAGE_SIZES.includes(Number(params.get('size'))) ? Number(params.get('size')) : 25,
  };
  const set = (patch: Record<string, string | null>, keepPage = false) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(patch)) {
          if (v === null || v === '') next.delete(k);
          else next.set(k, v);
        }
        if (!keepPage) next.delete('page');
        return next;
      },
      { replace: true },
    );
  return { filter, set };
}

/** One filter of the list: "All" (no filter, null) or one of `options`. */
function FilterSelect({
  id,
  label,
  value,
  onChange,
  options,
}: {
  id: string;
  label: string;
  value: string | undefined;
  onChange: (value: string | null) => void;
  options: { value: string; label: string }[];
}) {
  const { t } = useTranslation();
  return (
    <FormControl size="small">
      <InputLabel id={`${id}-label`}>{label}</InputLabel>
      <Select
        labelId={`${id}-label`}
        label={label}
        value={value ?? ''}
        onChange={(e) => onChange(e.target.value || null)}
      >
        <MenuItem value="">{t('settings_users_all')}</MenuItem>
        {options.map((o) => (
          <MenuItem key={o.value} value={o.value}>
            {o.label}
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}

function StateChip({ user }: { user: UserDto }) {
  const { t } = useTranslation();
  return user.disabled ? (
    <Chip size="small" label={t('settings_users_state_disabled')} variant="outlined" />
  ) : (
    <Chip size="small" color="success" label={t('settings_users_state_active')} variant="outlined" />
  );
}

/** The users of the admin's scope: search, filters, sort, paging; a list at phone width. */
export function UsersPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const notify = useNotify();
  const narrow = useMediaQuery('(max-width:900px)', { noSsr: true });
  const { filter, set } = useUsersFilter();
  const [searchText, setSearchText] = useState(filter.search ?? '');
  const search = useDebounced(searchText);
  const effective = useMemo(() => ({ ...filter, search: search || undefined }), [filter, search]);
  const urlSearch = filter.search ?? '';
  useEffect(() => {
    if (urlSearch !== search) set({ search: search || null });
    // only a new debounced text writes the URL
  }, [search]);
  const { data, isFetching, isError } = useQuery(usersPageQuery(effective));
  const { data: groups = [] } = useQuery(userGroupsQuery());
  const [deleting, setDeleting] = useState<UserDto | null>(null);
  const [scopeName, setScopeName] = useState<string | null>(null);
  const users = data?.items ?? [];
  const sortHeader = (c: { key: UserSortKey; label: string }) => (
    <TableCell
      key={c.key}
      sortDirection={filter.sortBy === c.key ? (filter.sortDesc ? 'desc' : 'asc') : false}
    >
      <TableSortLabel
        active={filter.sortBy === c.key}
        direction={filter.sortBy === c.key && filter.sortDesc ? 'desc' : 'asc'}
        onClick={() => set({ sort: c.key, desc: filter.sortBy === c.key && !filter.sortDesc ? '1' : null })}
      >
        {t(c.label)}
      </TableSortLabel>
    </TableCell>
  );
  const exportAs = (format: 'csv' | 'xlsx') => {
    const { page: _p, pageSize: _s, ...rest } = effective;
    downloadUsersReport({ ...rest, format, language: lang }).catch(() =>
      notify(t('settings_users_export_failed'), 'error'),
    );
  };
  const roles = (u: UserDto) => rolesText(t, u.roles);
  return (
    <Box sx={{ p: { xs: 2, md: 3 }, maxWidth: 1600 }} data-testid="settings-users-page">
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between', mb: 2 }}
      >
        <Box>
          <Typography variant="h5" component="h1">
            {t('settings_users_title')}
          </Typography>
          <Typography variant="body2" color="text.secondary" data-testid="users-count">
            {t('settings_users_count', { count: data?.fullCount ?? 0 })}
          </Typography>
        </Box>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button
            variant="outlined"
            startIcon={<Groups />}
            component={RouterLink}
            to={paths.settingsUserGroups(lang)}
          >
            {t('settings_users_groups')}
          </Button>
          <Button variant="outlined" startIcon={<Download />} onClick={() => exportAs('csv')}>
            {t('settings_users_export_csv')}
          </Button>
          <Button variant="outlined" startIcon={<Download />} onClick={() => exportAs('xlsx')}>
            {t('settings_users_export_xlsx')}
          </Button>
          <Button
            variant="contained"
            startIcon={<Add />}
            component={RouterLink}
            to={paths.settingsUser(lang, 'new')}
          >
            {t('settings_users_new')}
          </Button>
        </Stack>
      </Stack>
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <Box
          sx={{
            display: 'grid',
            gap: 1.5,
            gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: '2fr 1fr 1fr 1fr 1.4fr' },
            alignItems: 'center',
          }}
        >
          <TextField
            size="small"
            label={t('settings_users_search')}
            value={searchText}
            onChange={(e) => setSearchText(e.target.value)}
            slotProps={{
              htmlInput: { maxLength: 200 },
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <Search fontSize="small" />
                  </InputAdornment>
                ),
              },
            }}
          />
          <FilterSelect
            id="users-role"
            label={t('settings_users_filter_role')}
            value={filter.role}
            onChange={(role) => set({ role })}
            options={ROLES.map((r) => ({ value: r, label: roleLabel(t, r) }))}
          />
          <FilterSelect
            id="users-group"
            label={t('settings_users_filter_group')}
            value={groups.some((g) => g.id === filter.userGroupId) ? filter.userGroupId : undefined}
            onChange={(group) => set({ group })}
            options={groups.map((g) => ({
              value: g.id,
              label: g.isEveryone ? t('settings_users_everyone') : g.name,
            }))}
          />
          <FilterSelect
            id="users-state"
            label={t('settings_users_filter_state')}
            value={filter.state}
            onChange={(state) => set({ state })}
            options={(['active', 'disabled'] as const).map((v) => ({
              value: v,
              label: t(`settings_users_state_${v}`),
            }))}
          />
          <ScopePicker
            value={filter.scope ?? null}
            valueName={scopeName}
            onChange={(id, name) => {
              setScopeName(name);
              set({ scope: id });
            }}
            label={t('settings_users_filter_scope')}
            emptyLabel={t('settings_users_all')}
            clearable
            testId="users-scope-filter"
          />
        </Box>
      </Paper>
      <Paper variant="outlined">
        <Box sx={{ height: 4 }}>
          {isFetching && <LinearProgress aria-label={t('settings_users_loading')} />}
        </Box>
        {isError && (
          <Typography color="error" sx={{ p: 2 }}>
            {t('settings_users_load_failed')}
          </Typography>
        )}
        {narrow ? (
          <List data-testid="users-list" aria-label={t('settings_users_title')}>
            {users.map((u) => (
              <ListItem key={u.id} divider sx={{ display: 'block' }} data-testid="user-row">
                <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', gap: 1 }}>
                  <Box sx={{ minWidth: 0 }}>
                    <Typography sx={{ fontWeight: 600 }} noWrap>
                      {fullName(u)}
                    </Typography>
                    <Typography variant="body2" color="text.secondary" noWrap>
                      {u.username} · {u.email}
                    </Typography>
                  </Box>
                  <StateChip user={u} />
                </Stack>
                <Typography variant="body2" sx={{ mt: 0.5 }}>
                  {roles(u)}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {u.scopeName ?? t('settings_users_whole_tree')}
                  {u.userGroupName ? ` · ${u.userGroupName}` : ''}
                </Typography>
                <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
                  <Typography variant="caption" color="text.secondary">
                    {t('settings_users_col_last_sign_in')}: {signInText(t, lang, u.lastSignInAt)}
                  </Typography>
                  <UserRowActions user={u} onDelete={setDeleting} />
                </Stack>
              </ListItem>
            ))}
          </List>
        ) : (
          <TableContainer>
            <Table
              size="small"
              aria-label={t('settings_users_title')}
              data-testid="users-table"
              // nine columns in the content area beside the settings menu at 1,440 px: tighter cells,
              // long names, addresses and scopes wrap instead of widening the page
              sx={{ '& th, & td': { px: 1 }, '& td': { overflowWrap: 'anywhere' } }}
            >
              <TableHead>
                <TableRow>
                  {COLUMNS.map(sortHeader)}
                  <TableCell>{t('settings_users_col_roles')}</TableCell>
                  {COLUMNS_AFTER_ROLES.map(sortHeader)}
                  <TableCell align="right">
                    <Box component="span" sx={visuallyHidden}>
                      {t('settings_users_col_actions')}
                    </Box>
                  </TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {users.map((u) => (
                  <TableRow key={u.id} hover data-testid="user-row">
                    <TableCell sx={{ fontWeight: 600 }}>{fullName(u)}</TableCell>
                    <TableCell>{u.username}</TableCell>
                    <TableCell sx={{ minWidth: 140 }}>{u.email}</TableCell>
                    <TableCell>{roles(u)}</TableCell>
                    <TableCell>{u.userGroupName ?? '—'}</TableCell>
                    <TableCell>{u.scopeName ?? t('settings_users_whole_tree')}</TableCell>
                    <TableCell sx={{ minWidth: 96 }}>{signInText(t, lang, u.lastSignInAt)}</TableCell>
                    <TableCell>
                      <StateChip user={u} />
                    </TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      <UserRowActions user={u} onDelete={setDeleting} />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
        {data && users.length === 0 && (
          <Typography color="text.secondary" sx={{ p: 3, textAlign: 'center' }}>
            {t('settings_users_none')}
          </Typography>
        )}
        <TablePagination
          component="div"
          count={data?.fullCount ?? 0}
          page={Math.max(0, (filter.page ?? 1) - 1)}
          rowsPerPage={filter.pageSize ?? 25}
          rowsPerPageOptions={PAGE_SIZES}
          onPageChange={(_e, p) => set({ page: String(p + 1) }, true)}
          onRowsPerPageChange={(e) => set({ size: e.target.value })}
          labelRowsPerPage={t('settings_users_rows_per_page')}
          labelDisplayedRows={({ from, to, count }) =>
            t('settings_users_displayed_rows', { from, to, count })
          }
          getItemAriaLabel={(type) => t(`settings_users_page_${type}`)}
        />
      </Paper>
      <DeleteUserDialog user={deleting} onClose={() => setDeleting(null)} />
    </Box>
  );
}

const visuallyHidden = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: '1px',
} as const;
