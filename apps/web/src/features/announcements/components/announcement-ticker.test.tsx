import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { stubApi } from '../../../testing/fetch-stub';
import { buildUserData } from '../../../testing/fixtures';
import { renderComponent } from '../../../testing/render';
import { AnnouncementTicker } from './announcement-ticker';

const realMatchMedia = window.matchMedia;
function preferReducedMotion() {
  window.matchMedia = ((query: string) => ({
    ...realMatchMedia(query),
    matches: query.includes('prefers-reduced-motion: reduce'),
  })) as typeof window.matchMedia;
}
afterEach(() => {
  window.matchMedia = realMatchMedia;
});

function stubAnnouncement(message: string) {
  stubApi([
    {
      method: 'GET',
      path: '/annoucment/customerPortalAnnouncement',
      reply: { body: { message, updatedAt: null } },
    },
  ]);
}

describe('AnnouncementTicker', () => {
  it('scrolls the announcement, and the pause button stops and restarts it', async () => {
    stubAnnouncement('Maintenance tonight from 22:00');
    const { user } = renderComponent(<AnnouncementTicker />, { userData: buildUserData() });
    const ticker = await screen.findByRole('region', { name: 'Announcement' });
    expect(ticker).toHaveTextContent('Maintenance tonight from 22:00');
    expect(ticker).toHaveAttribute('data-moving', 'true');
    await user.click(screen.getByRole('button', { name: 'Pause the announcement' }));
    expect(ticker).toHaveAttribute('data-moving', 'false');
    expect(screen.getByRole('button', { name: 'Scroll the announcement' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await user.click(screen.getByRole('button', { name: 'Scroll the announcement' }));
    expect(ticker).toHaveAttribute('data-moving', 'true');
  });

  it('never moves for users who ask for reduced motion', async () => {
    preferReducedMotion();
    stubAnnouncement('Maintenance tonight');
    renderComponent(<AnnouncementTicker />, { userData: buildUserData() });
    const ticker = await screen.findByTestId('announcement');
    expect(ticker).toHaveAttribute('data-moving', 'false');
    expect(screen.queryByTestId('announcement-pause')).not.toBeInTheDocument();
  });

  it('shows nothing when the tenant has no announcement', async () => {
    stubAnnouncement('');
    const { container } = renderComponent(<AnnouncementTicker />, { userData: buildUserData() });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('announcement')).not.toBeInTheDocument();
    expect(container).not.toHaveTextContent('Announcement');
  });
});
