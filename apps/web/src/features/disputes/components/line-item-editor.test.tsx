import type { TInvoiceDetail } from '@settle/shared/invoices';
import { screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { buildUserData } from '../../../testing/fixtures';
import { renderComponent } from '../../../testing/render';
import { type LineCounts, LineItemEditor } from './line-item-editor';

type Line = TInvoiceDetail['lineItems'][number];

function line(overrides: Partial<Line> & Pick<Line, 'id' | 'qtyShip' | 'price'>): Line {
  return {
    lineNo: overrides.id,
    item: `ITEM-${overrides.id}`,
    description: `Line ${overrides.id}`,
    ext: '0.00',
    disputedCount: '0',
    disputedAmt: '0.00',
    extendedFields: [],
    ...overrides,
  };
}

const LINES = [
  line({ id: 1, qtyShip: '5', price: '12.50' }),
  // A return line: nothing can be disputed by count on it.
  line({ id: 2, qtyShip: '-2', price: '10.00' }),
  line({ id: 3, qtyShip: '3.5', price: '0.3333' }),
];

function Editor(props: { initial?: LineCounts; currencyCode: string }) {
  const [counts, setCounts] = useState<LineCounts>(props.initial ?? {});
  return (
    <LineItemEditor
      lines={LINES}
      counts={counts}
      currencyCode={props.currencyCode}
      onChange={(id, typed) => setCounts((current) => ({ ...current, [id]: typed }))}
    />
  );
}

function renderEditor(options: { language?: 'en' | 'fr'; initial?: LineCounts } = {}) {
  const french = options.language === 'fr';
  return renderComponent(<Editor initial={options.initial} currencyCode={french ? 'EUR' : 'USD'} />, {
    language: options.language ?? 'en',
    userData: buildUserData(
      french ? { language: 'fr', localeForFormatting: 'fr-FR', currencyCode: 'EUR' } : {},
    ),
  });
}

const count = (lineNo: number) => screen.getByTestId(`dispute-count-${lineNo}`);
const amount = (lineNo: number) => screen.getByTestId(`dispute-amount-${lineNo}`);

describe('LineItemEditor', () => {
  it('derives each line amount from count × price as the user types, and the total', async () => {
    const { user } = renderEditor();
    expect(screen.getByTestId('dispute-lines-total')).toHaveTextContent('$0.00');

    await user.type(count(1), '2');
    expect(amount(1)).toHaveTextContent('$25.00');
    // 1.5 × 0.3333 = 0.49995, rounded half away from zero.
    await user.type(count(3), '1.5');
    expect(amount(3)).toHaveTextContent('$0.50');
    expect(screen.getByTestId('dispute-lines-total')).toHaveTextContent('$25.50');
  });

  it('bounds a count by the quantity shipped and refuses negative counts', async () => {
    const { user } = renderEditor();
    await user.type(count(1), '5');
    expect(amount(1)).toHaveTextContent('$62.50');
    expect(screen.queryByText(/cannot exceed/)).not.toBeInTheDocument();

    await user.type(count(1), '.5');
    expect(
      screen.getByText('The disputed count cannot exceed the quantity shipped (5).'),
    ).toBeInTheDocument();
    expect(amount(1)).toHaveTextContent('$0.00');

    await user.clear(count(1));
    await user.type(count(1), '-1');
    expect(screen.getByText('Please enter a positive amount!')).toBeInTheDocument();
    expect(screen.getByTestId('dispute-lines-total')).toHaveTextContent('$0.00');

    await user.clear(count(1));
    await user.type(count(1), 'two');
    expect(screen.getByText('Please enter a number.')).toBeInTheDocument();
  });

  it('takes no count on a line shipped in a negative quantity', () => {
    renderEditor({ initial: { 2: '1' } });
    expect(count(2)).toBeDisabled();
    expect(
      screen.getByText('A line with no positive quantity shipped cannot be disputed.'),
    ).toBeInTheDocument();
    expect(amount(2)).toHaveTextContent('$0.00');
  });

  it('reads decimal commas and formats amounts in the user locale', async () => {
    const { user } = renderEditor({ language: 'fr' });
    await user.type(count(1), '2');
    await user.type(count(3), '1,5');
    expect(amount(1)).toHaveTextContent(/^25,00\s€$/);
    expect(screen.getByTestId('dispute-lines-total')).toHaveTextContent(/^25,50\s€$/);
    await user.type(count(1), '0');
    expect(
      screen.getByText('La quantité contestée ne peut pas dépasser la quantité livrée (5).'),
    ).toBeInTheDocument();
  });
});
