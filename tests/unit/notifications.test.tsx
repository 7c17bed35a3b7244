// @vitest-environment jsdom
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import Notifications, { notify } from '../../src/components/Notifications';
import { NOTIFICATION_AUTO_HIDE_MS } from '../../src/components/Notifications/queue';

describe('notifications', () => {
  afterEach(() => cleanup());

  it(
    'renders nothing until the first notification, then shows it as an alert',
    { timeout: 15_000 },
    async () => {
      const { container } = render(<Notifications />);
      expect(container.innerHTML).toBe('');
      act(() =>
        notify({
          severity: 'error',
          message: 'An error occurred while fetching the remaining credits',
        }),
      );
      // The snackbar UI is a lazy chunk: the first load takes a moment.
      const alert = await screen.findByRole('alert', {}, { timeout: 10_000 });
      expect(alert).toHaveProperty(
        'textContent',
        expect.stringContaining('An error occurred while fetching the remaining credits'),
      );
    },
  );

  it('announces non-errors politely, one at a time, oldest first, and hides each after 5000 ms', async () => {
    expect(NOTIFICATION_AUTO_HIDE_MS).toBe(5000);
    render(<Notifications />);
    act(() => {
      notify({ severity: 'success', message: 'First' });
      notify({ severity: 'info', message: 'Second' });
    });
    const first = await screen.findByRole('status', {}, { timeout: 10_000 });
    expect(first.textContent).toContain('First');
    expect(first.getAttribute('aria-live')).toBe('polite');
    expect(screen.queryByText('Second')).toBeNull();
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('Second'), {
      timeout: NOTIFICATION_AUTO_HIDE_MS + 2000,
    });
  }, 15_000);
});
