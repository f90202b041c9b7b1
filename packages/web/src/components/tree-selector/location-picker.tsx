import { useState } from 'react';
import Button from '@mui/material/Button';
import AccountTree from '@mui/icons-material/AccountTreeOutlined';
import type { Tags } from './tree-tags';
import { LocationDialog, NO_TAGS, useTreeNodes } from './location-dialog';

export { NO_TAGS };

/**
 * A page's locations (ranking, performance): the shared tree (search, single or multiple selection,
 * location group and tag filter) in a dialog, applied at once. Nothing selected means the whole scope.
 * The button and the dialog's title are the page's own words (`texts`); `testId` prefixes the test ids
 * of the button (`<testId>`) and of Apply (`<testId>-apply`).
 */
export function LocationPicker(props: {
  selection: string[];
  tags: Tags;
  onApply(nodeIds: string[], tags: Tags): void;
  texts: { all: string; count(count: number): string; title: string };
  testId: string;
}) {
  const [open, setOpen] = useState(false);
  const { nodes, names } = useTreeNodes();
  const count = props.selection.length;
  const label =
    count === 0
      ? props.texts.all
      : count === 1
        ? (names.get(props.selection[0]!) ?? props.texts.count(count))
        : props.texts.count(count);
  const filtered = props.tags.locationGroup.length > 0;
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<AccountTree />}
        onClick={() => setOpen(true)}
        data-testid={props.testId}
        sx={{
          maxWidth: 320,
          justifyContent: 'flex-start',
          '& .label': { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
        }}
      >
        <span className="label">
          {label}
          {filtered ? ` · ${props.tags.locationGroup.join(', ')}` : ''}
        </span>
      </Button>
      <LocationDialog
        open={open}
        onClose={() => setOpen(false)}
        title={props.texts.title}
        nodes={nodes}
        selection={props.selection}
        tags={props.tags}
        onApply={props.onApply}
        applyTestId={`${props.testId}-apply`}
      />
    </>
  );
}
