/** Footer content (SPEC §2: company name, services, company links, legal links, three social links). */
import { COMPANY } from './company';
import { paths } from '../../../lib/infra/paths';

export interface FooterLink {
  readonly label: string;
  /** An in-app path ("/about"), a mailto: address or an https URL. */
  readonly href: string;
}

export type SocialNetwork = 'linkedin' | 'youtube' | 'facebook';

export interface SocialLink extends FooterLink {
  readonly network: SocialNetwork;
  /** Accessible name for an icon-only link. */
  readonly ariaLabel: string;
}

export interface FooterContent {
  readonly companyName: string;
  readonly blurb: string;
  readonly services: readonly string[];
  readonly company: readonly FooterLink[];
  readonly legal: readonly FooterLink[];
  readonly social: readonly SocialLink[];
}

export const FOOTER: FooterContent = {
  companyName: COMPANY.name,
  blurb: 'Refrigerator parts and service tools for repair companies, HVAC contractors and distributors.',
  services: [
    'Wholesale parts supply',
    'OEM and private-label production',
    'Bulk order fulfilment',
    'Technical support for technicians',
    'Warranty and returns',
  ],
  company: [
    { label: 'About us', href: paths.about },
    { label: 'Blogs', href: paths.blogs },
    { label: 'Portfolio', href: paths.portfolio },
    { label: 'Contact', href: `mailto:${COMPANY.email}` },
  ],
  legal: [
    { label: 'Terms of use', href: paths.legal('terms') },
    { label: 'Privacy policy', href: paths.legal('privacy') },
    { label: 'Cookie policy', href: paths.legal('cookies') },
  ],
  social: [
    {
      network: 'linkedin',
      label: 'LinkedIn',
      ariaLabel: `${COMPANY.shortName} on LinkedIn`,
      href: 'https://www.linkedin.com/company/fridgeparts-example',
    },
    {
      network: 'youtube',
      label: 'YouTube',
      ariaLabel: `${COMPANY.shortName} on YouTube`,
      href: 'https://www.youtube.com/@fridgeparts-example',
    },
    {
      network: 'facebook',
      label: 'Facebook',
      ariaLabel: `${COMPANY.shortName} on Facebook`,
      href: 'https://www.facebook.com/fridgeparts.example',
    },
  ],
};
