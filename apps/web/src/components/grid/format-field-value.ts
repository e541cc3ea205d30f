import type { TFunction } from 'i18next';
import type { Formatters } from '../../lib/use-formatters';

export interface FormattedValue {
  text: string;
  /** Negative amounts are shown in red as well as with their sign. */
  negative: boolean;
  numeric: boolean;
}

const EMPTY: FormattedValue = { text: '', negative: false, numeric: false };

/**
 * A value of the grid or the detail by its data type: c2 currency with the user's symbol,
 * n2 numbers, n0 integers, dates by the formatting locale, booleans as a translated Yes or No.
 */
export function formatFieldValue(
  value: unknown,
  dataType: string,
  options: { formatters: Formatters; t: TFunction; currencyCode: string },
): FormattedValue {
  if (value === null || value === undefined || value === '') return EMPTY;
  const { formatters, t } = options;
  const text = String(value);
  switch (dataType) {
    case 'currency':
    case 'number':
    case 'integer':
    case 'percentage': {
      const number = Number(text);
      if (Number.isNaN(number)) return { text, negative: false, numeric: false };
      const formatted =
        dataType === 'currency'
          ? formatters.c2(text, options.currencyCode)
          : dataType === 'integer'
            ? formatters.n0(text)
            : formatters.n2(text);
      return { text: formatted, negative: number < 0, numeric: true };
    }
    case 'date':
    case 'datetime':
      return { text: formatters.date(text), negative: false, numeric: false };
    case 'boolean': {
      const truthy = value === true || text === 'true' || text === 'Y';
      return {
        text: t(truthy ? 'grid:boolean.yes' : 'grid:boolean.no'),
        negative: false,
        numeric: false,
      };
    }
    default:
      return { text, negative: false, numeric: false };
  }
}
