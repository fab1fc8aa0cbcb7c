/** Content of the /about page: the company's story, values and certifications. */
import { COMPANY } from './company';

export interface AboutValue {
  readonly title: string;
  readonly description: string;
}

export interface Certification {
  readonly name: string;
  readonly description: string;
}

export interface Milestone {
  readonly year: number;
  readonly text: string;
}

export interface AboutContent {
  readonly heading: string;
  readonly lead: string;
  readonly story: readonly string[];
  readonly values: readonly AboutValue[];
  readonly certifications: readonly Certification[];
  readonly milestones: readonly Milestone[];
  readonly image: string;
  readonly imageAlt: string;
}

export const ABOUT: AboutContent = {
  heading: `About ${COMPANY.name}`,
  lead: 'We make and source the parts that keep refrigerators running, and we sell them the way repair businesses buy: by the case, at wholesale prices, with specs you can trust.',
  story: [
    `${COMPANY.shortName} started in ${COMPANY.founded} as a three-person workshop rebuilding compressors for local appliance repair shops. The technicians who bought from us kept asking for the other parts they needed on the same call, so we added gaskets, thermostats and defrost controls, and learned what makes a replacement part fit the first time.`,
    `Today our ${COMPANY.plantArea} plant assembles compressors, fan motors and electrical controls, and cuts and extrudes door gaskets on site. A trading arm sources service tools and complementary parts from audited partners, so a repair company can fill a van with one order and one invoice.`,
    'We still think like technicians. Every listing states voltage, refrigerant and fit in plain words, minimum quantities are set for real service work, and our support line is answered by people who have replaced a defrost timer themselves.',
  ],
  values: [
    {
      title: 'Parts that fit first time',
      description: 'Each part is checked against the models it replaces before it goes into the catalogue, so a technician does not make a second trip.',
    },
    {
      title: 'Honest specifications',
      description:
        'Voltage, refrigerant, dimensions and what is in the box are listed for every item. If a part is a close rather than an exact match, we say so.',
    },
    {
      title: 'Stock you can count on',
      description: 'Available quantities on the site come straight from our warehouse, and bulk orders ship within two working days.',
    },
    {
      title: 'Responsible manufacturing',
      description: 'We recover refrigerant and oil from test benches, recycle copper and steel offcuts, and run the plant on a growing share of solar power.',
    },
  ],
  certifications: [
    {
      name: 'ISO 9001:2015',
      description: 'Our quality management system is certified to ISO 9001:2015, covering design, assembly, testing and distribution.',
    },
    {
      name: 'ISO 14001:2015',
      description: 'Our environmental management system is certified to ISO 14001:2015.',
    },
    {
      name: 'RoHS and REACH',
      description: 'The electrical parts we manufacture comply with the EU RoHS directive and REACH regulation on hazardous substances.',
    },
    {
      name: 'CE marking',
      description: 'Electrical components we ship to Europe carry the CE mark, with declarations of conformity available on request.',
    },
  ],
  milestones: [
    { year: COMPANY.founded, text: 'Workshop opens, rebuilding compressors for local repair shops.' },
    { year: 2009, text: 'First gasket extrusion line and a catalogue of 200 parts.' },
    { year: 2014, text: 'Move to the current plant; first export orders to Europe.' },
    { year: 2019, text: 'ISO 9001 certification and a dedicated service-tools range.' },
    { year: 2025, text: 'Online wholesale shop opens for business customers.' },
  ],
  image: '/images/factory.svg',
  imageAlt: 'The FridgeParts plant with its production halls, office block and a delivery truck',
};
