import type { HTMLAttributes } from 'react';
import css from './chip.module.css';

/** How a chip reads: done (paid), take note (refunded), in the shop's colour (shipped, Admin), or plain (reserved, unpaid, expired). */
export type ChipTone = 'success' | 'warning' | 'primary' | 'plain';

/** A short status in a chip: the one look for order states and roles. */
export function Chip({ tone, className, ...rest }: { tone: ChipTone } & HTMLAttributes<HTMLSpanElement>) {
  return <span className={`${css.chip} ${css[tone]}${className ? ` ${className}` : ''}`} {...rest} />;
}
