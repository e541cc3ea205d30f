import { z } from 'zod';

/** A column a grid offers: the server composes each user's preferences from these. */
export type TGridColumn = {
  field: string;
  title: string;
  dataType: string;
  visible: boolean;
  width?: number;
};

/** A grid column as the specification defines it. */
export const ZColumnDefinition = z.object({
  id: z.number().int(),
  colId: z.string(),
  field: z.string(),
  title: z.string(),
  dataType: z.string(),
  sort: z.enum(['asc', 'desc']).nullable(),
  order: z.number().int(),
  template: z.string().nullable(),
  columnKey: z.string(),
  menu: z.boolean(),
  width: z.number().int().nullable(),
});
export type TColumnDefinition = z.infer<typeof ZColumnDefinition>;

const ZFieldName = z.string().min(1).max(60);

/** Shown columns, in order: colId, field, title, dataType (and width). */
export const ZDisplayColumnPreference = z.object({
  colId: ZFieldName,
  field: ZFieldName,
  title: z.string().max(120),
  dataType: z.string().max(30),
  width: z.number().int().min(40).max(1200).optional(),
});

/** Every column with its order and sort: field, title, order, sort. */
export const ZAllColumnPreference = z.object({
  field: ZFieldName,
  title: z.string().max(120),
  order: z.number().int().min(0).max(1000),
  sort: z.enum(['asc', 'desc']).nullable().optional(),
});

export const ZColumnPreferenceRequest = z
  .object({
    displayColumnPreference: z.array(ZDisplayColumnPreference).max(100).optional(),
    allColumnPreference: z.array(ZAllColumnPreference).max(100).optional(),
  })
  .refine((body) => body.displayColumnPreference || body.allColumnPreference, {
    message: 'Send displayColumnPreference, allColumnPreference or both',
  })
  .meta({ id: 'ColumnPreferenceRequest' });
export type TColumnPreferenceRequest = z.infer<typeof ZColumnPreferenceRequest>;

/** The column preference payload of the specification. */
export const ZColumnPreferences = z
  .object({
    allColumns: z.array(ZColumnDefinition),
    viewableColumns: z.array(ZColumnDefinition),
    availableColumns: z.array(ZColumnDefinition),
    displayColumnPreference: z.array(ZDisplayColumnPreference),
    allColumnPreference: z.array(ZAllColumnPreference),
  })
  .meta({ id: 'ColumnPreferences' });
export type TColumnPreferences = z.infer<typeof ZColumnPreferences>;
