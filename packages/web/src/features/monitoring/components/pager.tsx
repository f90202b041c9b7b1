import { useTranslation } from 'react-i18next';
import Pagination from '@mui/material/Pagination';

/** Pages of a monitoring list, with translated labels; hidden when everything fits on one page. */
export function Pager(props: {
  page: number;
  fullCount: number;
  pageSize: number;
  onPage(page: number): void;
  testId?: string;
}) {
  const { t } = useTranslation();
  const count = Math.ceil(props.fullCount / props.pageSize);
  if (count <= 1) return null;
  return (
    <Pagination
      sx={{ mt: 2 }}
      page={props.page}
      count={count}
      onChange={(_e, p) => props.onPage(p)}
      getItemAriaLabel={(type, page, selected) =>
        type === 'page'
          ? t(selected ? 'monitoring_page_current' : 'monitoring_page_n', { page: page ?? '' })
          : t(type === 'next' || type === 'last' ? 'monitoring_page_next' : 'monitoring_page_previous')
      }
      data-testid={props.testId}
    />
  );
}
