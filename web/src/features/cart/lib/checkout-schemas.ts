/**
 * What the checkout's form checks with, loaded as one chunk when the form is first used (with zod):
 * the common checkout schemas and the order forms' shipping extensions (decision 0076). One dynamic
 * import instead of two keeps the cart route's first load smaller (its JS budget, issue 9).
 */
export { checkoutFormSchema, checkoutMemberFormSchema } from '@fridgeparts/common/cart';
export { withShippingAddress, withShippingMethod } from '../../../components/form/order-form-schemas';
