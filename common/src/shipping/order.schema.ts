import { z } from '../zod-setup';
import { addressSchema } from '../company.schema';
import { shippingMethodIdSchema } from './methods.schema';

/** Shipping in the order-making bodies (CONTRACT §14, order.ts says what they take). */

/** §10's address object, as the order keeps it. */
export const shippingAddressSchema = addressSchema;

/** Added to each order-making body. */
export const orderShippingFields = {
  shippingMethodId: shippingMethodIdSchema.optional(),
  shippingAddress: shippingAddressSchema.optional(),
};

export type OrderShippingBody = z.input<z.ZodObject<typeof orderShippingFields>>;
