import { expect, type Page } from '@playwright/test';

/**
 * What the specs of a company's orders share (CONTRACT §10: company-checkout, net30-checkout):
 * the demo buyer's cart and the seeded stock are shared with the other specs of the lane, which
 * run one at a time, so each test starts from an empty cart and books a tool of its own.
 */

/** The order number the order page shows, once it has loaded. */
export async function orderNumber(page: Page): Promise<string> {
  const number = page.getByTestId('order-page-number');
  await expect(number).toHaveText(/^FP-/);
  return (await number.textContent()) ?? '';
}
