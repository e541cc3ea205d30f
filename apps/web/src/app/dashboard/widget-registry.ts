import { AgingWidget } from '../../features/dashboard/components/aging-widget';
import { PromisesDueWidget } from '../../features/dashboard/components/promises-due-widget';
import type { WidgetRegistry } from '../../features/dashboard/lib/widget-registry';
import { CustomerSummaryWidget } from './customer-summary-widget';
import { DueInvoicesWidget } from './due-invoices-widget';
import { MyDisputesWidget } from './my-disputes-widget';
import { UpcomingAutopayWidget } from './upcoming-autopay-widget';

/**
 * Every widget of the dashboard. Recent payments, when payments land: a `recentPayments`
 * entry in WIDGET_TYPES (packages/shared/src/dashboard.ts), its component here, and its
 * title under dashboard:widgets.
 */
export const WIDGET_REGISTRY: WidgetRegistry = {
  customerSummary: { titleKey: 'customerSummary', Component: CustomerSummaryWidget },
  dueInvoices: { titleKey: 'dueInvoices', Component: DueInvoicesWidget },
  myDisputes: { titleKey: 'myDisputes', Component: MyDisputesWidget },
  aging: { titleKey: 'aging', Component: AgingWidget },
  promisesDue: { titleKey: 'promisesDue', Component: PromisesDueWidget },
  upcomingAutopay: { titleKey: 'upcomingAutopay', Component: UpcomingAutopayWidget },
};
