import { notifications } from '@mantine/notifications';
import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { controlTimers } from '../testing/controlled-timers';
import { renderComponent } from '../testing/render';

describe('notifications', () => {
  it('close by themselves, and at most three show at once', async () => {
    const { advance } = controlTimers();
    renderComponent(<p>page</p>);
    act(() => {
      for (const index of [1, 2, 3, 4]) notifications.show({ id: `n${index}`, message: `Message ${index}` });
    });
    advance(0);
    expect(screen.getAllByText(/^Message \d$/).map((element) => element.textContent)).toEqual([
      'Message 1',
      'Message 2',
      'Message 3',
    ]);
    // Each one leaves on its own after a few seconds; the fourth waits its turn, then leaves too.
    for (let step = 0; step < 30 && screen.queryAllByText(/^Message \d$/).length > 0; step += 1)
      advance(1000);
    expect(screen.queryAllByText(/^Message \d$/)).toHaveLength(0);
  });
});
