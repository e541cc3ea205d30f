import { Container, Group, Stack, Title } from '@mantine/core';
import { DISPUTE_SEARCH_FIELDS } from '@settle/shared/disputes';
import { useTranslation } from 'react-i18next';
import { DisputeGrid } from '../../features/disputes/components/dispute-grid';
import { NewCustomerDisputeButton } from '../../features/disputes/components/new-customer-dispute-button';
import { AdvancedSearchPanel } from '../../features/search/components/advanced-search-panel';
import { useCriteriaSearchParam } from '../../features/search/hooks/use-criteria-search-param';
import { PAGE_PARAM } from '../../lib/grid-search-params';

const RESULT_PARAMS = [PAGE_PARAM];

/** /disputes?criteria=…&filter=…&page=…&pageSize=…&sort=…&dir=…: the dispute grid with the advanced search composed in. */
export function DisputesRoute() {
  const { t } = useTranslation('disputes');
  const { criteria, filter, setCriteria } = useCriteriaSearchParam({ resetParams: RESULT_PARAMS });

  return (
    <Container size="xl">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={1} size="h2">
            {t('page.title')}
          </Title>
          <NewCustomerDisputeButton />
        </Group>
        <DisputeGrid
          filter={filter || undefined}
          filterSlot={
            <AdvancedSearchPanel
              grid="disputes"
              fields={DISPUTE_SEARCH_FIELDS}
              value={criteria}
              onApply={setCriteria}
            />
          }
        />
      </Stack>
    </Container>
  );
}
