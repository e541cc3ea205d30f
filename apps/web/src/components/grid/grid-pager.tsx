import { Group, Pagination, Select, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Under a grid: which rows these are (the feature's words), the page size and the pager. */
export function GridPager(props: {
  page: number;
  pages: number;
  pageSize: number;
  pageSizes: readonly number[];
  onPage: (page: number) => void;
  onPageSize: (pageSize: number) => void;
  rangeText: string;
  hidden: boolean;
}) {
  const { t } = useTranslation('grid');
  return (
    <Group justify="space-between" wrap="wrap" display={props.hidden ? 'none' : undefined}>
      <Text size="sm" c="dimmed" data-testid="grid-range">
        {props.rangeText}
      </Text>
      <Group gap="sm" wrap="wrap">
        <Select
          size="xs"
          w={80}
          aria-label={t('pageSize')}
          data-testid="page-size"
          data={props.pageSizes.map(String)}
          value={String(props.pageSize)}
          allowDeselect={false}
          onChange={(value) => value && props.onPageSize(Number(value))}
        />
        <Pagination
          data-testid="grid-pager"
          total={props.pages}
          value={props.page}
          onChange={props.onPage}
          size="sm"
          withEdges
          getControlProps={(control) => ({
            'data-testid': `page-${control}`,
            'aria-label': t(`page.${control}`),
          })}
          getItemProps={(item) => ({ 'aria-label': t('page.number', { page: item }) })}
        />
      </Group>
    </Group>
  );
}
