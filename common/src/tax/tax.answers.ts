import { z } from '../zod-setup';
import { dollars } from '../answer-fields.schema';
import { TAX_REASONS } from './tax';
import { taxExemptionAnswerSchema } from './exemption.answers';

/**
 * An order's or a cart's sales tax as the API answers it (CONTRACT §15, decision 0083): dollars,
 * as every JSON amount. `lines` are referenced by `lineId`: an order line's index ("0".."49"), or
 * a cart line's tool id. Its type is the schema's `z.infer` (decision 0073).
 */
export const orderTaxAnswerSchema = z.object({
  amount: dollars.describe('The whole tax: the lines’ and the shipping’s, each rounded on its own'),
  calculationId: z.string().describe('The Stripe Tax calculation (taxcalc_...)'),
  lines: z.array(z.object({ lineId: z.string(), amount: dollars })),
  shipping: dollars.describe('The tax on the shipping (0 where shipping is not taxed)'),
  reason: z.enum(TAX_REASONS).describe('standard_rated: collected; not_collecting: the shop is not registered there; customer_exempt: a certificate'),
  state: z.string().nullable().describe('The ship-to’s region (US state), or null'),
  rate: z.string().nullable().describe('The parts’ rate as Stripe answers it (percentage_decimal, e.g. "7.25"), or null when none was charged'),
  exemption: taxExemptionAnswerSchema.nullable().describe('The certificate that exempted it (reason customer_exempt, decision 0084), or null'),
  note: z.string().nullable().describe('Why sales tax is charged although the ship-to has a certificate for its state (pending, rejected or expired), or null'),
});
export type OrderTax = z.infer<typeof orderTaxAnswerSchema>;
