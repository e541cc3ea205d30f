import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderComponent } from '../../../testing/render';
import { toolButton } from './tool-button';
import { ToolTips } from './tool-tips';

function Tools({ onPrint }: { onPrint: () => void }) {
  return (
    <ToolTips>
      {toolButton({
        label: 'Print invoice INV-1',
        tooltip: 'Print',
        icon: 'print',
        testId: 'print',
        onClick: onPrint,
      })}
      {toolButton({
        label: 'Dispute invoice INV-1',
        icon: 'dispute',
        testId: 'dispute',
        disabledReason: 'A credit cannot be disputed.',
        onClick: () => {
          throw new Error('a disabled button must not act');
        },
      })}
    </ToolTips>
  );
}

describe('the grid tool buttons and their one tooltip', () => {
  it('follows the keyboard focus, describes a disabled button by its reason, and hides on Escape', async () => {
    const onPrint = vi.fn();
    const { user } = renderComponent(<Tools onPrint={onPrint} />);

    await user.tab();
    expect(screen.getByTestId('print')).toHaveFocus();
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Print');
    expect(screen.getByTestId('print')).not.toHaveAttribute('aria-describedby');

    await user.tab();
    const dispute = screen.getByTestId('dispute');
    expect(dispute).toHaveFocus();
    await waitFor(() =>
      expect(screen.getByRole('tooltip')).toHaveTextContent('A credit cannot be disputed.'),
    );
    expect(dispute).toHaveAccessibleDescription('A credit cannot be disputed.');
    await user.keyboard('{Enter}');

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('tooltip')).not.toBeInTheDocument());
    expect(dispute).not.toHaveAttribute('aria-describedby');

    await user.click(screen.getByTestId('print'));
    expect(onPrint).toHaveBeenCalledTimes(1);
  });
});
