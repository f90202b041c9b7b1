import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import AccountTree from '@mui/icons-material/AccountTreeOutlined';
import { LocationDialog, NO_TAGS, useTreeNodes } from '../../../components/tree-selector/location-dialog';

/**
 * A report's selection: the shared tree (search, single or multiple selection, location group filter;
 * devices for reports by zone) in a dialog, applied at once.
 */
export function NodePicker(props: {
  label: string;
  selection: string[];
  onApply(nodeIds: string[]): void;
  zones: boolean;
  testId: string;
  /** the whole width of its column (the phone's parameters dialog) */
  fullWidth?: boolean;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const { nodes, names } = useTreeNodes();
  const count = props.selection.length;
  const summary =
    count === 0
      ? t('reports_no_selection')
      : count === 1
        ? (names.get(props.selection[0]!) ?? t('reports_nodes_count', { count }))
        : t('reports_nodes_count', { count });
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<AccountTree />}
        onClick={() => setOpen(true)}
        data-testid={props.testId}
        aria-label={`${props.label}: ${summary}`}
        fullWidth={props.fullWidth}
        sx={{
          maxWidth: props.fullWidth ? 'none' : 320,
          justifyContent: props.fullWidth ? 'center' : 'flex-start',
          '& .label': { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
        }}
      >
        <span className="label">{summary}</span>
      </Button>
      <LocationDialog
        open={open}
        onClose={() => setOpen(false)}
        title={props.label}
        nodes={nodes}
        selection={props.selection}
        tags={NO_TAGS}
        onApply={(ids) => props.onApply(ids)}
        applyTestId={`${props.testId}-apply`}
        deviceToggle={props.zones}
        requireSelection
      />
    </>
  );
}
