import { Container, Group, Stack, Title } from '@mantine/core';
import type { TInvoiceStatus } from '@settle/shared/invoices';
import { withQuickSearch } from '@settle/shared/search/quick-search';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useServerDate } from '../../features/accounts/api/get-server-date';
import { useAddToCartAction } from '../../features/cart/components/use-add-to-cart-action';
import { useOpenInvoiceDisputes } from '../../features/disputes/components/use-open-invoice-disputes';
import { InvoiceGrid } from '../../features/invoices/components/invoice-grid';
import { useSearchFields } from '../../features/search/api/get-search-fields';
import { AdvancedSearchPanel } from '../../features/search/components/advanced-search-panel';
import { QuickSearchBox } from '../../features/search/components/quick-search-box';
import { useCriteriaSearchParam } from '../../features/search/hooks/use-criteria-search-param';
import { useQuickSearchParam } from '../../features/search/hooks/use-quick-search-param';
import { StatementButton } from '../../features/statements/components/statement-button';
import { PAGE_PARAM } from '../../lib/grid-search-params';
import { useSignedInUser } from '../../lib/use-user-data';
import { useDocumentViewer } from './use-document-viewer';

const RESULT_PARAMS = [PAGE_PARAM];

/** /invoices?status=O|C&q=…&criteria=…&filter=…&page=…&pageSize=…&sort=…&dir=…: the grid with the quick and advanced searches, the cart and the viewer composed in. */
export function InvoicesRoute() {
  const { t } = useTranslation('invoices');
  const [searchParams, setSearchParams] = useSearchParams();
  const { criteria, filter, setCriteria } = useCriteriaSearchParam({ resetParams: RESULT_PARAMS });
  const quickSearch = useQuickSearchParam({ resetParams: RESULT_PARAMS });
  const searchFields = useSearchFields('invoices');
  const documents = useDocumentViewer();
  const status: TInvoiceStatus = searchParams.get('status') === 'C' ? 'C' : 'O';
  const addToCart = useAddToCartAction();
  const disputes = useOpenInvoiceDisputes();
  const { currentCustNo, currencyCode } = useSignedInUser();
  const serverDate = useServerDate();

  const changeStatus = useCallback(
    (next: TInvoiceStatus) =>
      setSearchParams(
        (current) => {
          const params = new URLSearchParams(current);
          // Another status is another list: its first page (sort and page size stay).
          params.delete(PAGE_PARAM);
          if (next === 'O') params.delete('status');
          else params.set('status', next);
          return params;
        },
        // A history entry, so that Back returns to the other list where it was.
      ),
    [setSearchParams],
  );

  return (
    <Container size="xl">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap">
          <Title order={1} size="h2">
            {t('title')}
          </Title>
          {currentCustNo ? (
            <StatementButton
              custNo={currentCustNo}
              currencyCode={currencyCode}
              today={serverDate.data?.serverDate}
            />
          ) : null}
        </Group>
        <InvoiceGrid
          filter={withQuickSearch(quickSearch.text, filter) || undefined}
          filterSlot={
            <>
              <QuickSearchBox value={quickSearch.text} onSearch={quickSearch.setText} />
              <AdvancedSearchPanel
                grid="invoices"
                fields={searchFields.data ?? []}
                value={criteria}
                onApply={setCriteria}
              />
            </>
          }
          status={status}
          onStatusChange={changeStatus}
          onPrint={documents.open}
          onAddToCart={addToCart}
          onDispute={disputes.open}
        />
      </Stack>
      {documents.viewer}
    </Container>
  );
}
