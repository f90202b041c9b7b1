import { useMemo } from 'react';
import { Link as RouterLink } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import type { ImportTask } from '@footfall/domain';
import { usePageTitle } from '../../../components/page-title';
import { paths } from '../../../config/paths';
import { flattenTree, treeQuery } from '../../../lib/tree-api';
import { useLang } from '../../../lib/use-lang';
import { importTasksQuery } from '../api/imports-api';
import { RunStatus } from './run-status';

/**
 * `/settings/imports` (superAdmin, issue 16): the import tasks of each client group (the top groups of
 * the tree), with their source, format, state and last run; a task opens its editor
 * (`/settings/imports/{clientGroupId}/{taskId}`), "New task" an empty one for the group.
 */
export function ImportsPage() {
  const { t, i18n } = useTranslation();
  const lang = useLang();
  usePageTitle(`${t('nav_settings')} · ${t('imp_title')}`);
  const tree = useQuery(treeQuery());
  const tasks = useQuery(importTasksQuery());
  const groups = useMemo(
    () => flattenTree(tree.data ?? []).filter((n) => n.kind === 'group' && n.depth === 0),
    [tree.data],
  );
  const byGroup = useMemo(() => {
    const m = new Map<string, ImportTask[]>();
    for (const task of tasks.data ?? [])
      m.set(task.organizationalTreeId, [...(m.get(task.organizationalTreeId) ?? []), task]);
    return m;
  }, [tasks.data]);
  const date = (iso: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

  return (
    <Box sx={{ p: { xs: 2, md: 3 }, maxWidth: 1200 }}>
      <Typography variant="h5" component="h1" gutterBottom>
        {t('imp_title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3, maxWidth: 800 }}>
        {t('imp_intro')}
      </Typography>
      {(tree.isPending || tasks.isPending) && <LinearProgress aria-label={t('imp_loading')} />}
      {tasks.isError && <Alert severity="error">{t('imp_load_failure')}</Alert>}
      <Stack spacing={3}>
        {groups.map((g) => {
          const list = byGroup.get(g.id) ?? [];
          const headingId = `imp-group-${g.id}`;
          return (
            <Paper key={g.id} variant="outlined" component="section" aria-labelledby={headingId}>
              <Stack direction="row" sx={{ px: 2, py: 1.5, alignItems: 'center' }} spacing={2}>
                <Typography id={headingId} variant="h6" component="h2" sx={{ flex: 1 }}>
                  {g.name}
                </Typography>
                <Button
                  component={RouterLink}
                  to={paths.settingsImport(lang, g.id)}
                  startIcon={<Add />}
                  variant="outlined"
                  aria-label={t('imp_new_for', { group: g.name })}
                >
                  {t('imp_new')}
                </Button>
              </Stack>
              {list.length === 0 ? (
                <Typography color="text.secondary" sx={{ px: 2, pb: 2 }}>
                  {t('imp_none')}
                </Typography>
              ) : (
                <TableContainer>
                  <Table size="small" aria-labelledby={headingId}>
                    <TableHead>
                      <TableRow>
                        <TableCell>{t('imp_name')}</TableCell>
                        <TableCell>{t('imp_source')}</TableCell>
                        <TableCell>{t('imp_format')}</TableCell>
                        <TableCell>{t('imp_state')}</TableCell>
                        <TableCell>{t('imp_last_run')}</TableCell>
                      </TableRow>
                    </TableHead>
                    <TableBody>
                      {list.map((task) => (
                        <TableRow key={task.id} hover>
                          <TableCell>
                            <Link component={RouterLink} to={paths.settingsImport(lang, g.id, task.id)}>
                              {task.name}
                            </Link>
                          </TableCell>
                          <TableCell>
                            {task.source.kind !== 'upload'
                              ? t(`imp_source_${task.source.kind}_at`, { time: task.source.pullAt })
                              : t('imp_source_upload')}
                          </TableCell>
                          <TableCell>{task.format.toUpperCase()}</TableCell>
                          <TableCell>
                            {task.disabledOn ? (
                              <Chip size="small" label={t('imp_disabled')} />
                            ) : (
                              <Chip
                                size="small"
                                color="success"
                                variant="outlined"
                                label={t('imp_enabled')}
                              />
                            )}
                          </TableCell>
                          <TableCell>
                            {task.lastRun ? (
                              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                                <RunStatus status={task.lastRun.status} />
                                <Typography variant="body2">{date(task.lastRun.startedOn)}</Typography>
                              </Stack>
                            ) : (
                              <Typography variant="body2" color="text.secondary">
                                {t('imp_never_run')}
                              </Typography>
                            )}
                          </TableCell>
                        </TableRow>
                      ))}
                    </TableBody>
                  </Table>
                </TableContainer>
              )}
            </Paper>
          );
        })}
      </Stack>
    </Box>
  );
}
