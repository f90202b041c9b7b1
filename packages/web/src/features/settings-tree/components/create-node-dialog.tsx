import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import { NODE_TYPE_NAMES, type NodeKind } from '@footfall/domain';
import { NodeCreateForm } from '../node-editors';
import { NodeKindIcon } from './node-kind-icon';

/**
 * A new node under `parentId`: the type among those allowed under the parent, then the node-editors'
 * create form (name, reference id, main attributes, measurements shared from another node).
 */
export function CreateNodeDialog(props: {
  parentId: string | null;
  parentLabel: string;
  kinds: readonly NodeKind[];
  onCreated(nodeId: string): void;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const [kind, setKind] = useState<NodeKind>(props.kinds.at(-1) ?? 'group');
  return (
    <Dialog open onClose={props.onClose} maxWidth="sm" fullWidth aria-labelledby="create-node-title">
      <DialogTitle id="create-node-title">{t('settings_tree_create_title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <DialogContentText>
            {t('settings_tree_create_under', { path: props.parentLabel })}
          </DialogContentText>
          <div>
            <FormLabel id="create-node-kind">{t('settings_tree_field_type')}</FormLabel>
            <RadioGroup
              row
              aria-labelledby="create-node-kind"
              value={kind}
              onChange={(_e, v) => setKind(v as NodeKind)}
            >
              {props.kinds.map((k) => (
                <FormControlLabel
                  key={k}
                  value={k}
                  control={<Radio size="small" />}
                  label={
                    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
                      <NodeKindIcon kind={k} />
                      <span>{t(`settings_tree_kind_${k}`)}</span>
                    </Stack>
                  }
                />
              ))}
            </RadioGroup>
          </div>
          <NodeCreateForm
            key={kind}
            parentId={props.parentId}
            type={NODE_TYPE_NAMES[kind]}
            onCreated={props.onCreated}
          />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={props.onClose} color="inherit">
          {t('cancel')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
