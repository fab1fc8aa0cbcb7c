import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ErrorRetry } from './error-retry';

describe('ErrorRetry', () => {
  afterEach(cleanup);

  it('says what failed as an alert, with one "Try again" button that retries', async () => {
    const onRetry = vi.fn();
    render(<ErrorRetry message="The tools could not be loaded. Could not reach the shop." onRetry={onRetry} />);
    expect(screen.getByRole('alert')).toHaveTextContent('The tools could not be loaded. Could not reach the shop.');
    const buttons = screen.getAllByRole('button');
    expect(buttons).toHaveLength(1);
    expect(buttons[0]).toHaveAccessibleName('Try again');
    await userEvent.click(buttons[0]!);
    expect(onRetry).toHaveBeenCalledOnce();
  });
});
