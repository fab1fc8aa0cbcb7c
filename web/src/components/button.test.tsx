import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, buttonClass } from './button';

describe('Button', () => {
  afterEach(cleanup);

  it('is a native button, type="button" unless told, named by its text', async () => {
    const onClick = vi.fn();
    render(
      <form onSubmit={(e) => e.preventDefault()}>
        <Button onClick={onClick}>Cancel</Button>
        <Button type="submit" variant="contained">
          Save
        </Button>
      </form>,
    );
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveAttribute('type', 'button');
    expect(screen.getByRole('button', { name: 'Save' })).toHaveAttribute('type', 'submit');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClick).toHaveBeenCalledOnce();
  });

  it('busy: a decorative spinner before the label, which alone names the button', () => {
    const { rerender } = render(<Button busy>Saving…</Button>);
    const button = screen.getByRole('button', { name: 'Saving…' });
    expect(button.querySelector('span[aria-hidden="true"]')).not.toBeNull();
    rerender(<Button>Save</Button>);
    expect(screen.getByRole('button', { name: 'Save' }).querySelector('span')).toBeNull();
  });

  it('gives a link the same look by its classes', () => {
    // jsdom applies no CSS modules: the class names are the module's keys.
    expect(buttonClass()).toBe(buttonClass({ variant: 'contained', size: 'medium' }));
    expect(buttonClass({ variant: 'danger', size: 'small' }).split(' ')).toHaveLength(3);
    expect(buttonClass({ variant: 'outlined', fullWidth: true }, 'extra').split(' ')).toContain('extra');
  });
});
