import { hasPrivilege, Privilege } from '@settle/shared/privileges';
import { dueCardCriteria } from '@settle/shared/rules/due-criteria';
import { CustomerSummaryCards } from '../../features/dashboard/components/customer-summary-cards';
import type { WidgetProps } from '../../features/dashboard/lib/widget-registry';
import { criteriaSearchParams } from '../../features/search/hooks/use-criteria-search-param';
import { useSignedInUser } from '../../lib/use-user-data';

/** The home page's summary cards in a widget: the open balance alone with ALLOW_BAL_DISP_ONLY. */
export function CustomerSummaryWidget({ refetchInterval }: WidgetProps) {
  const userData = useSignedInUser();
  return (
    <CustomerSummaryCards
      custNo={userData.currentCustNo}
      currencyCode={userData.currencyCode}
      openLink="/invoices"
      linkTo={(card, asOf) => `/invoices?${criteriaSearchParams(dueCardCriteria(card, asOf))}`}
      withHeading={false}
      balanceOnly={hasPrivilege(userData.roles, Privilege.ALLOW_BAL_DISP_ONLY)}
      refetchInterval={refetchInterval}
    />
  );
}
