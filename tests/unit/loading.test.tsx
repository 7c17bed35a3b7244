// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import Loading from '../../src/theme/Loading';

afterEach(cleanup);

const base = { isLoading: true, timedOut: false, retry: () => {} };

describe('Loading (route chunk)', () => {
  it('shows nothing during the first moments of a load', () => {
    const { container } = render(<Loading {...base} pastDelay={false} error={undefined} />);
    expect(container.innerHTML).toBe('');
  });

  it('shows an announced spinner once the load takes a while', () => {
    render(<Loading {...base} pastDelay error={undefined} />);
    expect(screen.getByRole('status').textContent).toContain('Loading page');
  });

  it('shows the failure with a Retry button that retries the load', () => {
    const retry = vi.fn();
    render(
      <Loading {...base} retry={retry} pastDelay error={new Error('Loading chunk 42 failed.')} />,
    );
    expect(screen.getByRole('alert').textContent).toContain('Loading chunk 42 failed.');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(retry).toHaveBeenCalledOnce();
  });
});
