import css from './visually-hidden.module.css';

/**
 * Hidden on screen, read by screen readers: the class of visually-hidden.module.css (its one definition), for
 * markup that has no CSS module of its own.
 */
export const visuallyHidden: string = css.visuallyHidden!;
