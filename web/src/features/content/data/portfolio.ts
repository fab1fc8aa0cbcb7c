/**
 * The developer's personal portfolio (SPEC §2: /myportfolio2 with name, contact, education, nine
 * skill cards and three live links; the Blogs index invites readers to look at it, and the Blogs
 * nested pages show a table of name, email, education, skills and the live links).
 */
import { paths } from '../../../lib/infra/paths';

export type SkillLevel = 'Advanced' | 'Intermediate';

export interface Skill {
  readonly name: string;
  readonly level: SkillLevel;
  readonly summary: string;
}

export interface LiveLink {
  readonly title: string;
  /** https URL of the live site. */
  readonly url: string;
  readonly description: string;
}

export interface Education {
  readonly degree: string;
  readonly school: string;
  readonly years: string;
}

export interface PortfolioIntro {
  readonly heading: string;
  readonly paragraphs: readonly string[];
  readonly portfolioLabel: string;
  readonly portfolioHref: string;
  readonly liveLinksLabel: string;
  readonly liveLinksHref: string;
}

export interface Portfolio {
  readonly name: string;
  readonly role: string;
  readonly email: string;
  readonly phone: string;
  readonly location: string;
  readonly about: string;
  readonly education: Education;
  /** Exactly nine, one card each. */
  readonly skills: readonly [Skill, Skill, Skill, Skill, Skill, Skill, Skill, Skill, Skill];
  /** Exactly three. */
  readonly liveLinks: readonly [LiveLink, LiveLink, LiveLink];
  /** Shown on the Blogs index page. */
  readonly intro: PortfolioIntro;
}

export const PORTFOLIO: Portfolio = {
  name: 'Jordan Lee',
  role: 'Front-end Developer',
  email: 'jordan.lee@fridgeparts.example',
  phone: '+1 (312) 555-0187',
  location: 'Columbus, Ohio, USA',
  about:
    'I build fast, accessible web applications with React and TypeScript, and I like owning a feature from the database rules to the last pixel. I built this shop, from the product catalogue and booking flow to card payments and the admin dashboard.',
  education: {
    degree: 'B.Sc. in Computer Science',
    school: 'Lakeshore State University',
    years: '2016 – 2020',
  },
  skills: [
    {
      name: 'React',
      level: 'Advanced',
      summary: 'Hooks, context, suspense and lazy routes; component design that keeps state in one place.',
    },
    {
      name: 'TypeScript',
      level: 'Advanced',
      summary: 'Strict mode everywhere, shared types and schemas between the browser and the server.',
    },
    {
      name: 'JavaScript (ES2023)',
      level: 'Advanced',
      summary: 'Modern language features, async code, modules and the browser platform APIs.',
    },
    {
      name: 'HTML & CSS',
      level: 'Advanced',
      summary: 'Semantic markup, responsive layouts with flexbox and grid, and accessible forms.',
    },
    {
      name: 'Material UI',
      level: 'Intermediate',
      summary: 'Theming, responsive components and consistent design systems on top of MUI.',
    },
    {
      name: 'Firebase',
      level: 'Intermediate',
      summary: 'Authentication, Firestore data modelling and security rules, Cloud Functions and the emulators.',
    },
    {
      name: 'Node.js & REST APIs',
      level: 'Intermediate',
      summary: 'Designing small HTTP APIs with input validation, error handling and pagination.',
    },
    {
      name: 'Testing',
      level: 'Intermediate',
      summary: 'Unit and component tests with Vitest and Testing Library, end-to-end checks in a real browser.',
    },
    {
      name: 'Payments (Stripe)',
      level: 'Intermediate',
      summary: 'Payment intents, card elements and recording payments safely on the server.',
    },
  ],
  liveLinks: [
    {
      title: 'FridgeParts B2B shop',
      url: 'https://shop.fridgeparts.example',
      description: 'This site: a wholesale shop for refrigerator parts with booking, card payment and an admin dashboard.',
    },
    {
      title: 'Cold Chain Monitor',
      url: 'https://coldchain.jordanlee.example',
      description: 'A dashboard that charts temperature readings from delivery trucks and flags excursions in real time.',
    },
    {
      title: 'Service Desk Scheduler',
      url: 'https://scheduler.jordanlee.example',
      description: 'A booking calendar for appliance repair technicians, with drag-and-drop jobs and SMS reminders.',
    },
  ],
  intro: {
    heading: 'Hi, I am Jordan Lee',
    paragraphs: [
      'I am the front-end developer who built this shop. The articles on this page answer questions I hear often about React and single-page applications.',
      'Curious about my work? Take a look at my portfolio for my education and skills, or open one of my live projects.',
    ],
    portfolioLabel: 'View my portfolio',
    portfolioHref: paths.portfolio,
    liveLinksLabel: 'See live projects',
    liveLinksHref: paths.blogLiveLinks,
  },
};
