import { useTranslation } from 'react-i18next';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { DEMOGRAPHIC_TAGS } from '@footfall/domain';
import type { Tags } from './tree-tags';

/**
 * The tag filter of the tree: location groups plus the demographic tags. Its own chunk, loaded and
 * mounted once the page is idle (tree-view.tsx): the Autocomplete is not needed to show a dashboard.
 */
export default function TagFilter(props: {
  groups: readonly string[];
  tags: Tags;
  onTags(tags: Tags): void;
}) {
  const { t } = useTranslation();
  return (
    <Autocomplete
      multiple
      size="small"
      options={[...props.groups, ...DEMOGRAPHIC_TAGS.map((f) => `#${f}`)]}
      value={[
        ...props.tags.locationGroup,
        ...DEMOGRAPHIC_TAGS.filter((f) => props.tags[f]).map((f) => `#${f}`),
      ]}
      getOptionLabel={(o) => (o.startsWith('#') ? t(`tag_${o.slice(1)}`) : o)}
      groupBy={(o) => (o.startsWith('#') ? t('tags') : t('tag_location_group'))}
      onChange={(_e, v) =>
        props.onTags({
          locationGroup: v.filter((o) => !o.startsWith('#')),
          adults: v.includes('#adults'),
          children: v.includes('#children'),
          males: v.includes('#males'),
          females: v.includes('#females'),
        })
      }
      renderInput={(p) => <TextField {...p} label={t('tag_filter')} />}
    />
  );
}
