import ui from './ui.module.css';

/**
 * Hidden on screen, read by screen readers: the class of ui.module.css (its one definition), for
 * markup that has no CSS module of its own.
 */
export const visuallyHidden: string = ui.visuallyHidden!;
