import type { ReactNode } from 'react';
import css from './notice.module.css';

export type Severity = 'success' | 'info' | 'warning' | 'error';

// Simple line icons drawn here (no icon library on the page): a tick, an "i", and an "!" in a
// circle for warnings and errors alike; the colour tells them apart too.
const ICONS: Record<Severity, ReactNode> = {
  success: <path d="M7 12.5l3.2 3.2L17 8.8" />,
  info: (
    <>
      <path d="M12 11v6" />
      <circle cx="12" cy="7.6" r="0.6" />
    </>
  ),
  warning: (
    <>
      <path d="M12 7v6" />
      <circle cx="12" cy="16.4" r="0.6" />
    </>
  ),
  error: (
    <>
      <path d="M12 7v6" />
      <circle cx="12" cy="16.4" r="0.6" />
    </>
  ),
};

export interface NoticeProps {
  severity: Severity;
  /** status for news, alert for what went wrong, note for standing advice. */
  role: 'status' | 'alert' | 'note';
  title?: ReactNode;
  /** A bordered notice on the page's colour instead of a filled one. */
  outlined?: boolean;
  /** On the right of the message (Try again). */
  action?: ReactNode;
  id?: string;
  className?: string;
  children?: ReactNode;
}

/**
 * The shop's notices: what happened or what to do, with an icon and the severity's colours (the
 * shop's alert look). ErrorRetry is the error one with "Try again".
 */
export function Notice({ severity, role, title, outlined, action, id, className, children }: NoticeProps) {
  const classes = [css.alert, css[severity], outlined && css.outlined, className].filter(Boolean).join(' ');
  return (
    <div id={id} role={role} className={classes}>
      <svg
        className={css.icon}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        focusable="false"
      >
        <circle cx="12" cy="12" r="9.5" />
        {ICONS[severity]}
      </svg>
      <div className={css.message}>
        {title && <p className={css.title}>{title}</p>}
        {children}
      </div>
      {action && <div className={css.action}>{action}</div>}
    </div>
  );
}

/** The class of a small button that sits on a notice (Try again). */
export const noticeButtonClass = css.inherit;
