/**
 * Company profile shown on the home page (SPEC §1: business type, main products, plant area,
 * registered capital, main markets; Contact Supplier and Book a Factory Tour buttons) and reused
 * by the footer and the about page. Static content: no React here.
 */

export interface CompanyProfile {
  readonly name: string;
  readonly shortName: string;
  readonly tagline: string;
  readonly businessType: string;
  readonly mainProducts: readonly string[];
  readonly plantArea: string;
  readonly registeredCapital: string;
  readonly mainMarkets: readonly string[];
  readonly founded: number;
  readonly email: string;
  readonly phone: string;
  readonly address: string;
}

export const COMPANY: CompanyProfile = {
  name: 'FridgeParts Manufacturing Co.',
  shortName: 'FridgeParts',
  tagline: 'Refrigeration parts and service tools, shipped by the case to the people who keep things cold.',
  businessType: 'Manufacturer, Trading Company',
  mainProducts: [
    'Hermetic compressors',
    'Door gaskets and seals',
    'Thermostats and defrost controls',
    'Fan motors',
    'Start relays, overloads and capacitors',
    'Filter driers',
    'Refrigeration service tools',
  ],
  plantArea: '12,000 square meters',
  registeredCapital: 'USD 8 million',
  mainMarkets: ['North America', 'Western Europe', 'Eastern Europe', 'Middle East', 'Southeast Asia', 'South America', 'Oceania'],
  founded: 2004,
  email: 'sales@fridgeparts.example',
  phone: '+1 (312) 555-0142',
  address: '2150 Coldwater Industrial Park, Columbus, OH 43219, USA',
};

/** Subject line of the "Book a Factory Tour" email. */
export const FACTORY_TOUR_SUBJECT = 'Factory tour request';

/** Subject line of the "Contact Supplier" email. */
export const CONTACT_SUPPLIER_SUBJECT = 'Wholesale enquiry';

const mailto = (subject: string): string => `mailto:${COMPANY.email}?subject=${encodeURIComponent(subject)}`;

/** href of the Book a Factory Tour button. */
export const FACTORY_TOUR_MAILTO: string = mailto(FACTORY_TOUR_SUBJECT);

/** href of the Contact Supplier button. */
export const CONTACT_SUPPLIER_MAILTO: string = mailto(CONTACT_SUPPLIER_SUBJECT);

/** Static media the pages use, served from web/public. */
export const MEDIA = {
  banner: '/images/banner.svg',
  factory: '/images/factory.svg',
  notFound: '/images/not-found.svg',
  favicon: '/images/favicon.svg',
  promoVideo: {
    src: '/media/factory-tour.webm',
    type: 'video/webm',
    poster: '/images/video-poster.svg',
    title: 'A short tour of the FridgeParts production line',
  },
} as const;
