import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { ABOUT } from '../features/content/data/about';
import { LEGAL } from '../features/content/data/legal';
import { PORTFOLIO } from '../features/content/data/portfolio';
import AboutPage from './about-page';
import LegalPage from './legal-page';
import NotFoundPage from './not-found-page';
import PortfolioPage from './portfolio-page';

afterEach(cleanup);

const at = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/about" element={<AboutPage />} />
        <Route path="/myportfolio2" element={<PortfolioPage />} />
        <Route path="/legal/:doc" element={<LegalPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </MemoryRouter>,
  );

describe('the plain content pages', () => {
  it('/about: the heading, its picture and the four sections, each named by its h2', () => {
    at('/about');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(ABOUT.heading);
    expect(screen.getByRole('img', { name: ABOUT.imageAlt })).toBeInTheDocument();
    for (const name of ['Our story', 'What we stand for', 'Certifications', 'Milestones']) {
      expect(screen.getByRole('region', { name })).toBeInTheDocument();
    }
    expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(ABOUT.values.length);
    expect(within(screen.getByRole('region', { name: 'Milestones' })).getAllByRole('listitem')).toHaveLength(ABOUT.milestones.length);
    expect(document.title).toMatch(/^About/);
  });

  it('/myportfolio2: name, contact links, education, nine skill cards with their levels, three live links', () => {
    at('/myportfolio2');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(PORTFOLIO.name);
    expect(screen.getByRole('link', { name: PORTFOLIO.email })).toHaveAttribute('href', `mailto:${PORTFOLIO.email}`);
    expect(screen.getByRole('link', { name: PORTFOLIO.phone })).toHaveAttribute('href', expect.stringMatching(/^tel:\+?\d+$/));
    expect(screen.getByText(PORTFOLIO.education.school)).toBeInTheDocument();
    const cards = screen.getAllByTestId('skill-card');
    expect(cards).toHaveLength(9);
    PORTFOLIO.skills.forEach((skill, i) => {
      expect(within(cards[i]).getByRole('heading', { level: 3 })).toHaveTextContent(skill.name);
      expect(within(cards[i]).getByText(skill.level)).toBeInTheDocument();
    });
    expect(screen.getAllByTestId('live-link')).toHaveLength(3);
  });

  it('/legal/terms: the document with its date in UTC, the current one marked in the nav, the others linked', () => {
    at('/legal/terms');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(LEGAL.terms.title);
    const nav = screen.getByRole('navigation', { name: 'Legal documents' });
    expect(within(nav).getByText(LEGAL.terms.title)).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: LEGAL.privacy.title })).toHaveAttribute('href', '/legal/privacy');
    expect(within(nav).getByRole('link', { name: LEGAL.cookies.title })).toHaveAttribute('href', '/legal/cookies');
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(LEGAL.terms.sections.length);
    const [y, m, d] = LEGAL.terms.updated.split('-').map(Number);
    const month = new Date(Date.UTC(y, m - 1, d)).toLocaleString('en-US', { month: 'long', timeZone: 'UTC' });
    expect(screen.getByText(/^Last updated/)).toHaveTextContent(`Last updated ${month} ${d}, ${y}`);
  });

  it('an unknown legal document and an unknown address show the not-found page with its two ways on', () => {
    for (const path of ['/legal/nope', '/no/such/page']) {
      at(path);
      expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Page not found');
      expect(screen.getByRole('img', { name: /Page not found/ })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Back to the shop' })).toHaveAttribute('href', '/');
      expect(screen.getByRole('link', { name: 'Browse all parts' })).toHaveAttribute('href', '/purchaseorder');
      expect(document.title).toMatch(/^Page not found/);
      cleanup();
    }
  });
});
