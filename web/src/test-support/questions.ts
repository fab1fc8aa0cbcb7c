import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

/**
 * Clicks the button named `opener` (waiting for it) and returns the dialog named `question` that it
 * opens, such as a ConfirmDialog's question before something that can not be undone.
 */
export async function ask(opener: string, question: string): Promise<HTMLElement> {
  await userEvent.click(await screen.findByRole('button', { name: opener }));
  return screen.findByRole('dialog', { name: question });
}
