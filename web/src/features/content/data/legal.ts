/**
 * Terms of use, privacy policy and cookie policy, linked from the footer (/legal/:doc).
 *
 * NOT LEGAL ADVICE: these texts are a plain-language first draft written from how the shop actually
 * works (Firebase Authentication, Stripe card payments, bookings that hold stock). A lawyer must
 * review them, and fill in the governing-law and company-registration details, before going live.
 * Static content: no React here.
 */
import { PROMOTIONS } from '@fridgeparts/common/constants';
import { COMPANY } from './company';

export type LegalDocId = 'terms' | 'privacy' | 'cookies';

export interface LegalSection {
  readonly heading: string;
  readonly paragraphs: readonly string[];
}

export interface LegalDocument {
  readonly title: string;
  /** ISO date (YYYY-MM-DD) of the last change to the text. */
  readonly updated: string;
  readonly summary: string;
  readonly sections: readonly LegalSection[];
}

/** Footer and page nav order. */
export const LEGAL_DOC_IDS: readonly LegalDocId[] = ['terms', 'privacy', 'cookies'];

export const isLegalDocId = (value: string | undefined): value is LegalDocId => LEGAL_DOC_IDS.some((id) => id === value);

const UPDATED = '2026-11-01';
const freeShippingLimit = `${PROMOTIONS.freeShippingUpToDollars.toLocaleString('en-US')} US dollars`;
const contactLine = `${COMPANY.name}, ${COMPANY.address}. Email: ${COMPANY.email}.`;

export const LEGAL: Readonly<Record<LegalDocId, LegalDocument>> = {
  terms: {
    title: 'Terms of use',
    updated: UPDATED,
    summary: `These terms apply when you use the ${COMPANY.shortName} web shop to browse, book and pay for refrigerator parts and service tools. The shop is run by ${COMPANY.name} and is meant for business customers.`,
    sections: [
      {
        heading: 'Who we are and who the shop is for',
        paragraphs: [
          `The web shop is operated by ${COMPANY.name}, ${COMPANY.address} ("we", "us"). You can reach us at ${COMPANY.email} or ${COMPANY.phone}.`,
          'The shop sells to businesses: repair companies, HVAC contractors, distributors and similar trade buyers. By placing a booking you confirm that you are acting for a business and not as a private consumer, and that you are allowed to commit that business to a purchase.',
        ],
      },
      {
        heading: 'Your account',
        paragraphs: [
          'You need an account to book orders, pay, keep a profile and write reviews. You can sign up with an email address and password or with a Google account.',
          'Keep your sign-in details to yourself. You are responsible for what is done through your account until you tell us it has been misused. We may suspend or close an account that is used to break these terms, to place bookings with no intention to pay, or to post unlawful or misleading reviews.',
        ],
      },
      {
        heading: 'Bookings, stock and cancellation',
        paragraphs: [
          'Each tool has a minimum order quantity and an available quantity. A booking must fall between the two. When you place a booking, the quantity you booked is taken out of the available stock and held for you.',
          'The stock stays reserved until the booking is paid or cancelled. While a booking is unpaid you can cancel it yourself from My Orders, and the quantity goes back into stock. Once a booking has been paid it can no longer be cancelled in the shop; contact us instead.',
          'We may cancel an unpaid booking, for example when it has been left unpaid for a long time or when the details given are clearly wrong. A booking is a binding order only once it has been paid.',
        ],
      },
      {
        heading: 'Prices and payment',
        paragraphs: [
          'Prices are shown per unit in US dollars and exclude sales tax, VAT, customs duties and other taxes unless the product page says otherwise. Any taxes that apply are added or charged as the law requires.',
          'You pay by card through Stripe, our payment provider. Your card details go directly to Stripe; we only receive a confirmation and a transaction id, which is shown next to the paid booking in My Orders.',
          'If we have shown a price that is obviously wrong, we may cancel the booking and refund any payment before it ships.',
        ],
      },
      {
        heading: 'Shipping and the free-shipping promotion',
        paragraphs: [
          'Paid bookings are packed and shipped to the address you gave in the booking. The order shows as Shipped once it has left our warehouse. Delivery times depend on the destination and the carrier; they are estimates, not guarantees.',
          `While the free-shipping promotion runs, shipping is free on orders up to ${freeShippingLimit}. Larger orders and shipments that need special handling are quoted separately before they ship. We may end or change a promotion at any time; the terms shown when you paid apply to that order.`,
        ],
      },
      {
        heading: 'Returns and warranty',
        paragraphs: [
          'Parts we sell are covered by a 12-month warranty against defects in materials and workmanship, counted from the delivery date. If a part fails within that time, email us with the order details and a short description of the fault; we will repair it, replace it or refund it.',
          "The warranty does not cover wear, incorrect installation, use outside the part's rated conditions (for example the wrong refrigerant or voltage), or damage caused after delivery. Returns of unused parts in their original packaging for any other reason are accepted only after you have agreed them with us by email.",
        ],
      },
      {
        heading: 'Liability and governing law',
        paragraphs: [
          'We are responsible for delivering the parts you paid for as described. To the extent the law allows, we are not liable for indirect or consequential losses such as lost profit, lost business or spoiled goods, and our total liability for an order is limited to the amount paid for that order. Nothing in these terms limits liability that cannot be limited by law.',
          'These terms are governed by the laws of the State of Delaware, USA. If a dispute arises, please contact us first; most problems are solved faster by email than by formal proceedings.',
        ],
      },
    ],
  },

  privacy: {
    title: 'Privacy policy',
    updated: UPDATED,
    summary: `This policy explains what personal data ${COMPANY.name} collects through the web shop, why, who processes it for us and how long we keep it. We collect only what we need to run your account and your orders.`,
    sections: [
      {
        heading: 'What we collect',
        paragraphs: [
          'Account: your name and email address, and a password or a link to your Google account. Sign-in is handled by Google Firebase Authentication, so your password is stored by Firebase, never by us in readable form.',
          'Orders: for each booking, the name and email of your account, the phone number and delivery address you enter, the tool, quantity and price, and whether and when it was paid and shipped.',
          'Profile: the education, location, phone number and LinkedIn profile you choose to add on My Profile.',
          'Reviews: the rating, text and image link you submit, published together with your name.',
        ],
      },
      {
        heading: 'Card payments',
        paragraphs: [
          "Card payments are processed by Stripe. Your card number, expiry date and security code are entered into Stripe's form and sent straight to Stripe; they never pass through or stay on our servers. We keep only the Stripe transaction id and the amount paid, so that we can match the payment to your booking.",
        ],
      },
      {
        heading: 'Why we use it',
        paragraphs: [
          'We use your data to create and secure your account, to take, ship and support your orders, to handle warranty claims and returns, to answer your messages, and to keep the records that tax and accounting law require. Reviews are shown to other visitors to help them choose parts.',
          'We do not sell your data, and we do not use it for advertising or to build marketing profiles.',
        ],
      },
      {
        heading: 'Who processes it for us',
        paragraphs: [
          'Google Firebase (Google LLC) provides sign-in, our database and the servers the shop runs on. Stripe, Inc. processes card payments. Both act on our instructions under their data processing terms, and both may process data outside your own country, including in the United States.',
          'Apart from these providers, the carriers that deliver your order and authorities that are legally entitled to ask, we do not share your data.',
        ],
      },
      {
        heading: 'How long we keep it',
        paragraphs: [
          'We keep your account and profile for as long as the account exists. Paid orders and payment records are kept for seven years because tax and accounting rules require it. Unpaid bookings that you cancel are deleted. When you ask us to close your account, we delete your profile and reviews and keep only the order records we are required to keep.',
        ],
      },
      {
        heading: 'Your rights and how to contact us',
        paragraphs: [
          'You can ask for a copy of the data we hold about you, have it corrected or deleted, object to how we use it, or ask us to limit its use. You can change your profile yourself on My Profile. Depending on where you live, you may also complain to your data protection authority.',
          `Write to us about any of this: ${contactLine} We answer within 30 days.`,
        ],
      },
    ],
  },

  cookies: {
    title: 'Cookie policy',
    updated: UPDATED,
    summary: `The ${COMPANY.shortName} web shop stores only what it needs to keep you signed in. There are no advertising, analytics or tracking cookies, so there is nothing to accept or decline.`,
    sections: [
      {
        heading: 'What we store in your browser',
        paragraphs: [
          "The shop does not set advertising or analytics cookies. Instead of cookies, it uses your browser's own storage (IndexedDB and local storage) for the two items below, both of which are strictly necessary for signing in.",
        ],
      },
      {
        heading: 'Firebase Authentication session',
        paragraphs: [
          'When you sign in, Google Firebase Authentication keeps your session in IndexedDB (or in local storage if IndexedDB is not available). It holds your user id, email address, name and the tokens that keep you signed in between visits. It stays until you log out.',
        ],
      },
      {
        heading: 'The accessToken entry',
        paragraphs: [
          'The shop stores a short-lived sign-in token under the name accessToken in local storage. It is sent to our server with your requests so that the server knows which bookings, payments and profile records are yours. It is replaced automatically when it expires and removed when you log out.',
        ],
      },
      {
        heading: 'Third parties',
        paragraphs: [
          "When you pay, Stripe's payment form may set its own cookies to process the payment securely and prevent fraud. Signing in with Google opens a Google window that is covered by Google's own policies. The shop itself runs no third-party advertising, analytics or social media trackers.",
        ],
      },
      {
        heading: 'Your choices',
        paragraphs: [
          "Logging out removes the shop's sign-in data. You can also clear site data in your browser settings at any time; you will simply need to sign in again. Blocking this storage altogether stops sign-in from working.",
          `Questions about this policy: ${COMPANY.email}.`,
        ],
      },
    ],
  },
};
