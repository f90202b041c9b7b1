import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import AccountTree from '@mui/icons-material/AccountTreeOutlined';
import { LocationDialog, NO_TAGS, useTreeNodes } from '../../../components/tree-selector/location-dialog';

/** The nodes a rule watches: the shared tree selector (multiple selection) in a dialog. */
export function AlertScopePicker(props: { value: string[]; onChange(ids: string[]): void; error?: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const { nodes, names } = useTreeNodes();
  const label =
    props.value.length === 0
      ? t('alerts_scope_none')
      : props.value.length <= 3
        ? props.value.map((id) => names.get(id) ?? '…').join(', ')
        : t('alerts_scope_count', { count: props.value.length });
  return (
    <>
      <Typography
        variant="body2"
        color={props.error ? 'error' : 'text.primary'}
        data-testid="alert-scope-label"
      >
        {label}
      </Typography>
      <Button
        variant="outlined"
        startIcon={<AccountTree />}
        onClick={() => setOpen(true)}
        data-testid="alert-scope"
        sx={{ alignSelf: 'flex-start' }}
      >
        {t('alerts_scope_choose')}
      </Button>
      <LocationDialog
        open={open}
        onClose={() => setOpen(false)}
        title={t('alerts_scope')}
        nodes={nodes}
        selection={props.value}
        tags={NO_TAGS}
        onApply={(ids) => props.onChange(ids)}
        applyTestId="alert-scope-apply"
      />
    </>
  );
}
