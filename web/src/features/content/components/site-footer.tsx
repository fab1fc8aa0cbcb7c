import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { FOOTER, type FooterLink, type SocialNetwork } from '../data/footer';
import ui from '../../../components/ui.module.css';
import css from './site-footer.module.css';

const ICONS: Record<SocialNetwork, string> = {
  linkedin:
    'M4.98 3.5a2.5 2.5 0 1 1 0 5 2.5 2.5 0 0 1 0-5zM3 9h4v12H3zM9 9h3.8v1.7h.1c.5-1 1.8-2 3.8-2 4 0 4.8 2.6 4.8 6V21h-4v-5.6c0-1.3 0-3-1.9-3s-2.1 1.4-2.1 2.9V21H9z',
  youtube:
    'M23 7.2a3 3 0 0 0-2.1-2.1C19 4.6 12 4.6 12 4.6s-7 0-8.9.5A3 3 0 0 0 1 7.2 31 31 0 0 0 .5 12 31 31 0 0 0 1 16.8a3 3 0 0 0 2.1 2.1c1.9.5 8.9.5 8.9.5s7 0 8.9-.5a3 3 0 0 0 2.1-2.1 31 31 0 0 0 .5-4.8 31 31 0 0 0-.5-4.8zM9.7 15V9l5.8 3z',
  facebook: 'M14 8V6c0-.9.2-1.4 1.6-1.4H18V1.2C17.6 1.1 16.3 1 14.8 1 11.6 1 10 2.9 10 6v2H7v3.6h3V23h4V11.6h3.3L18 8z',
};

/** In-app paths go through the router; mailto: and https links are plain anchors. */
function FooterAnchor({ link }: { link: FooterLink }) {
  return link.href.startsWith('/') ? (
    <Link className={css.link} to={link.href}>
      {link.label}
    </Link>
  ) : (
    <a className={css.link} href={link.href}>
      {link.label}
    </a>
  );
}

function Column({ title, children }: { title: string; children: ReactNode }) {
  return (
    <nav aria-label={title}>
      <h2 className={css.title}>{title}</h2>
      <ul className={css.list}>{children}</ul>
    </nav>
  );
}

/** Footer (SPEC §2): company name, services, company links, legal links and three social links. */
export function SiteFooter() {
  return (
    <footer className={css.footer}>
      <div className={ui.container}>
        <div className={css.columns}>
          <div>
            <p className={css.company}>{FOOTER.companyName}</p>
            <p className={css.blurb}>{FOOTER.blurb}</p>
            <ul aria-label="Follow us" className={css.social}>
              {FOOTER.social.map((s) => (
                <li key={s.network}>
                  <a className={css.icon} href={s.href} aria-label={s.ariaLabel} target="_blank" rel="noopener noreferrer">
                    <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="currentColor">
                      <path d={ICONS[s.network]} />
                    </svg>
                  </a>
                </li>
              ))}
            </ul>
          </div>
          <div>
            <h2 className={css.title}>Services</h2>
            <ul className={css.list}>
              {FOOTER.services.map((s) => (
                <li key={s}>{s}</li>
              ))}
            </ul>
          </div>
          <Column title="Company">
            {FOOTER.company.map((l) => (
              <li key={l.href}>
                <FooterAnchor link={l} />
              </li>
            ))}
          </Column>
          <Column title="Legal">
            {FOOTER.legal.map((l) => (
              <li key={l.href}>
                <FooterAnchor link={l} />
              </li>
            ))}
          </Column>
        </div>
        <p className={css.copyright}>
          © {new Date().getFullYear()} {FOOTER.companyName.replace(/\.?$/, '.')} All rights reserved.
        </p>
      </div>
    </footer>
  );
}
