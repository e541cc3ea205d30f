import { AgingWidget } from '../../features/dashboard/components/aging-widget';
import { PromisesDueWidget } from '../../features/dashboard/components/promises-due-widget';
import type { WidgetRegistry } from '../../features/dashboard/lib/widget-registry';
import { CustomerSummaryWidget } from './customer-summary-widget';
import { DueInvoicesWidget } from './due-invoices-widget';
import { MyDisputesWidget } from './my-disputes-widget';
import { RecentPaymentsWidget } from './recent-payments-widget';
import { UpcomingAutopayWidget } from './upcoming-autopay-widget';

/** Every widget of the dashboard: a type of WIDGET_TYPES, its component, its title under dashboard:widgets. */
export const WIDGET_REGISTRY: WidgetRegistry = {
  customerSummary: { titleKey: 'customerSummary', Component: CustomerSummaryWidget },
  dueInvoices: { titleKey: 'dueInvoices', Component: DueInvoicesWidget },
  myDisputes: { titleKey: 'myDisputes', Component: MyDisputesWidget },
  aging: { titleKey: 'aging', Component: AgingWidget },
  promisesDue: { titleKey: 'promisesDue', Component: PromisesDueWidget },
  recentPayments: { titleKey: 'recentPayments', Component: RecentPaymentsWidget },
  upcomingAutopay: { titleKey: 'upcomingAutopay', Component: UpcomingAutopayWidget },
};
