import { Container, Group, Stack, Title } from '@mantine/core';
import type { TInvoiceStatus } from '@settle/shared/invoices';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useAddToCartAction } from '../../features/cart/components/use-add-to-cart-action';
import { NewCustomerDisputeButton } from '../../features/disputes/components/new-customer-dispute-button';
import { useOpenInvoiceDisputes } from '../../features/disputes/components/use-open-invoice-disputes';
import { InvoiceGrid } from '../../features/invoices/components/invoice-grid';
import { useSearchFields } from '../../features/search/api/get-search-fields';
import { AdvancedSearchPanel } from '../../features/search/components/advanced-search-panel';
import { useCriteriaSearchParam } from '../../features/search/hooks/use-criteria-search-param';
import { useDocumentViewer } from './use-document-viewer';

/** /invoices?status=O|C&criteria=…&filter=…: the grid with the advanced search, the cart and the viewer composed in. */
export function InvoicesRoute() {
  const { t } = useTranslation('invoices');
  const [searchParams, setSearchParams] = useSearchParams();
  const { criteria, filter, setCriteria } = useCriteriaSearchParam();
  const searchFields = useSearchFields('invoices');
  const documents = useDocumentViewer();
  const status: TInvoiceStatus = searchParams.get('status') === 'C' ? 'C' : 'O';
  const addToCart = useAddToCartAction();
  const disputes = useOpenInvoiceDisputes();

  const changeStatus = useCallback(
    (next: TInvoiceStatus) =>
      setSearchParams(
        (current) => {
          const params = new URLSearchParams(current);
          if (next === 'O') params.delete('status');
          else params.set('status', next);
          return params;
        },
        { replace: true },
      ),
    [setSearchParams],
  );

  return (
    <Container size="xl">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={2}>{t('title')}</Title>
          <NewCustomerDisputeButton />
        </Group>
        <InvoiceGrid
          filter={filter || undefined}
          filterSlot={
            <AdvancedSearchPanel
              grid="invoices"
              fields={searchFields.data ?? []}
              value={criteria}
              onApply={setCriteria}
            />
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
