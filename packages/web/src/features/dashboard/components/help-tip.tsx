import { useTranslation } from 'react-i18next';
import Tooltip from '@mui/material/Tooltip';
import InfoOutlined from '@mui/icons-material/InfoOutlined';

/** A help tooltip of spec section 2 ("addWidget", "filtersPanel", "dashboardMenu"). */
export function HelpTip({ id }: { id: 'addWidget' | 'filtersPanel' | 'dashboardMenu' }) {
  const { t } = useTranslation();
  return (
    <Tooltip title={t(`help_${id}`)} placement="right">
      <InfoOutlined fontSize="small" sx={{ color: 'text.secondary', cursor: 'help' }} data-help={id} />
    </Tooltip>
  );
}
