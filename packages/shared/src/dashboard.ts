import { z } from 'zod';

/** Open-item figures of the current customer in the current currency (home and dashboard). */
export const ZCustomerSummary = z
  .object({
    custNo: z.string(),
    company: z.string(),
    currencyCode: z.string(),
    asOf: z.string().meta({ description: 'The server date the figures are computed for' }),
    openCount: z.number().int(),
    openBalance: z.string(),
    overdueCount: z
      .number()
      .int()
      .meta({ description: 'Open invoices with a balance over 0 due before asOf' }),
    overdueBalance: z.string(),
    comingDueCount: z
      .number()
      .int()
      .meta({ description: 'Open invoices with a balance over 0 due from asOf to 30 days ahead' }),
    comingDueBalance: z.string(),
    creditCount: z.number().int().meta({ description: 'Open invoices with a negative balance (credits)' }),
    creditBalance: z.string().meta({ description: 'Sum of open negative balances (credits)' }),
    disputedCount: z.number().int().meta({ description: 'Open invoices with a disputed amount' }),
    disputedAmount: z.string(),
  })
  .meta({ id: 'CustomerSummary' });
export type TCustomerSummary = z.infer<typeof ZCustomerSummary>;

export const COMING_DUE_DAYS = 30;

/**
 * The dashboard layouts of the specification: each row's column widths on a 12-column grid.
 * "12/6-6" is a full-width row above two halves.
 */
export const DASHBOARD_STRUCTURES = {
  '6-6': [[6, 6]],
  '4-8': [[4, 8]],
  '8-4': [[8, 4]],
  '12/4-4-4': [[12], [4, 4, 4]],
  '12/6-6': [[12], [6, 6]],
  '12/6-6/12': [[12], [6, 6], [12]],
} as const satisfies Record<string, readonly (readonly number[])[]>;
export type TDashboardStructure = keyof typeof DASHBOARD_STRUCTURES;
export const DASHBOARD_STRUCTURE_NAMES = Object.keys(DASHBOARD_STRUCTURES) as TDashboardStructure[];

/** Widget kinds; a new kind is one entry here and one file in the web registry. */
/** Widget kinds; a new kind (recent payments) is one entry here and one file in the web registry. */
export const WIDGET_TYPES = [
  'customerSummary',
  'dueInvoices',
  'myDisputes',
  'aging',
  'promisesDue',
  'recentPayments',
  'upcomingAutopay',
] as const;
export type TWidgetType = (typeof WIDGET_TYPES)[number];

/** Auto-refresh choices in minutes; 0 is off. */
export const REFRESH_INTERVALS = [0, 1, 5, 15, 30, 60] as const;
export const DASHBOARD_LIMITS = { widgets: 20, titleLength: 80, configEntries: 10 } as const;

export const DASHBOARD_MESSAGES = {
  titleRequired: 'Enter a title',
  structureShape: 'The rows and columns do not match the layout',
  duplicateWidget: 'Two widgets have the same id',
  tooManyWidgets: `At most ${DASHBOARD_LIMITS.widgets} widgets`,
  refreshInterval: `Auto-refresh is one of ${REFRESH_INTERVALS.join(', ')} minutes`,
} as const;

export const ZWidget = z
  .object({
    id: z.string().trim().min(1).max(40),
    type: z.enum(WIDGET_TYPES),
    title: z.string().trim().max(DASHBOARD_LIMITS.titleLength).default(''),
    config: z
      .record(z.string().max(40), z.union([z.string().max(200), z.number(), z.boolean()]))
      .refine((value) => Object.keys(value).length <= DASHBOARD_LIMITS.configEntries)
      .default({}),
    refreshInterval: z
      .number()
      .int()
      .refine(
        (value) => (REFRESH_INTERVALS as readonly number[]).includes(value),
        DASHBOARD_MESSAGES.refreshInterval,
      )
      .default(0)
      .meta({ description: 'Minutes between reloads; 0 is off' }),
  })
  .meta({ id: 'DashboardWidget' });
export type TWidget = z.infer<typeof ZWidget>;

export const ZDashboardColumn = z.object({
  width: z.number().int().min(1).max(12),
  widgets: z.array(ZWidget).max(DASHBOARD_LIMITS.widgets),
});
export const ZDashboardRow = z.object({ columns: z.array(ZDashboardColumn).min(1).max(3) });

/** GET and PUT {api}/dashboard: the user's own dashboard (title, structure, rows of columns of widgets). */
export const ZDashboard = z
  .object({
    title: z.string().trim().min(1, DASHBOARD_MESSAGES.titleRequired).max(DASHBOARD_LIMITS.titleLength),
    structure: z.enum(DASHBOARD_STRUCTURE_NAMES as [TDashboardStructure, ...TDashboardStructure[]]),
    rows: z.array(ZDashboardRow).min(1).max(3),
  })
  .superRefine((value, context) => {
    const shape = DASHBOARD_STRUCTURES[value.structure];
    const matches =
      shape.length === value.rows.length &&
      shape.every(
        (widths, index) =>
          widths.length === value.rows[index]?.columns.length &&
          widths.every((width, column) => value.rows[index]?.columns[column]?.width === width),
      );
    if (!matches)
      context.addIssue({ code: 'custom', path: ['rows'], message: DASHBOARD_MESSAGES.structureShape });
    const ids = value.rows.flatMap((row) => row.columns.flatMap((column) => column.widgets.map((w) => w.id)));
    if (ids.length > DASHBOARD_LIMITS.widgets) {
      context.addIssue({ code: 'custom', path: ['rows'], message: DASHBOARD_MESSAGES.tooManyWidgets });
    }
    if (new Set(ids).size !== ids.length) {
      context.addIssue({ code: 'custom', path: ['rows'], message: DASHBOARD_MESSAGES.duplicateWidget });
    }
  })
  .meta({ id: 'Dashboard' });
export type TDashboard = z.infer<typeof ZDashboard>;
export type TDashboardInput = z.input<typeof ZDashboard>;

/**
 * The default dashboard's title in each language. A title still equal to one of them was never
 * chosen by the user, so the web app shows it in the user's current language instead of the
 * language it was first saved in.
 */
export const DEFAULT_DASHBOARD_TITLES = { en: 'My dashboard', fr: 'Mon tableau de bord' } as const;

export function isDefaultDashboardTitle(title: string): boolean {
  return Object.values(DEFAULT_DASHBOARD_TITLES).some((defaultTitle) => defaultTitle === title.trim());
}

/**
 * A new user's dashboard: what is owed and when, at a glance. Kept light (my disputes, with a
 * dropdown per row, is one click away in "Arrange"): home is the first page after sign-in.
 */
export function defaultDashboard(title: string): TDashboard {
  const widget = (id: string, type: TWidgetType): TWidget => ({
    id,
    type,
    title: '',
    config: {},
    refreshInterval: 0,
  });
  return {
    title,
    structure: '12/6-6',
    rows: [
      { columns: [{ width: 12, widgets: [widget('summary', 'customerSummary')] }] },
      {
        columns: [
          { width: 6, widgets: [widget('due', 'dueInvoices')] },
          { width: 6, widgets: [widget('aging', 'aging'), widget('promises', 'promisesDue')] },
        ],
      },
    ],
  };
}

/**
 * The same widgets in another layout: they keep their order, read row by row and column by
 * column, and are dealt into the new layout's columns in turn so that none is lost.
 */
export function changeStructure(dashboard: TDashboard, structure: TDashboardStructure): TDashboard {
  const widgets = dashboard.rows.flatMap((row) => row.columns.flatMap((column) => column.widgets));
  const rows = DASHBOARD_STRUCTURES[structure].map((widths) => ({
    columns: widths.map((width) => ({ width, widgets: [] as TWidget[] })),
  }));
  const columns = rows.flatMap((row) => row.columns);
  widgets.forEach((widget, index) => {
    columns[index % columns.length]?.widgets.push(widget);
  });
  return { ...dashboard, structure, rows };
}

export const AGING_BUCKETS = ['current', 'days1to30', 'days31to60', 'days61to90', 'over90'] as const;
export type TAgingBucket = (typeof AGING_BUCKETS)[number];
export const ZAgingBucket = z.enum(AGING_BUCKETS);

/** GET {api}/dashboard/aging: open items of the current customer and currency by days past due. */
export const ZAging = z
  .object({
    custNo: z.string(),
    currencyCode: z.string(),
    asOf: z.string(),
    buckets: z.array(z.object({ bucket: ZAgingBucket, count: z.number().int(), amount: z.string() })),
    total: z.string(),
  })
  .meta({ id: 'Aging' });
export type TAging = z.infer<typeof ZAging>;

/** GET {api}/dashboard/promisesDue: promised invoices by their follow-up date, the nearest first. */
export const ZPromiseDue = z.object({
  invNo: z.string(),
  dueDate: z.string(),
  nextFollowupDate: z.string().nullable(),
  promiseAmount: z.string(),
  tranBal: z.string(),
  tranCurrencyCode: z.string(),
});
export const ZPromisesDue = z
  .object({ asOf: z.string(), items: z.array(ZPromiseDue) })
  .meta({ id: 'PromisesDue' });
export type TPromisesDue = z.infer<typeof ZPromisesDue>;
