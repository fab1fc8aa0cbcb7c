import { beforeEach, vi } from 'vitest';

/*
 * The toasts a test sees, in place of lib/toast (one fake, decision 0071). A test file puts it in
 * place with one line, hoisted above its imports, and imports `notify` to ask what was said:
 *
 *   vi.mock('../../lib/infra/toast', () => import('../../test-support/toast'));
 *   import { notify } from '../../test-support/toast';
 *   expect(notify.success).toHaveBeenCalledWith('Saved.');
 *
 * The spies are cleared before every test of the file, so each test sees only its own toasts.
 */

export const notify = {
  success: vi.fn<(message: string) => void>(),
  error: vi.fn<(message: string) => void>(),
  info: vi.fn<(message: string) => void>(),
  dismiss: vi.fn<(message: string) => void>(),
};

/** No toast is ever wanted, so a toast host rendered by the test never loads react-toastify. */
export const toastDemand = {
  wanted: () => false,
  subscribe: (_listener: () => void) => () => undefined,
};

// Loaded while the test file is collected (by its import, or by the first import of lib/toast).
beforeEach(() => {
  for (const spy of Object.values(notify)) spy.mockClear();
});
