/**
 * Where an order is placed before its tax is shown (quick order, the booking modal; CONTRACT §15):
 * the tax is added from where it ships, and the order shows it before it is paid. Apart from
 * tax-words.ts so those pages load this sentence only (their route's JS budget, issue 9).
 */
export const TAX_ADDED_NOTE = 'Sales tax, where we collect it, is added for the state it ships to: the order shows it before it is paid.';
