/**
 * The characters that join the pieces of a number ("FP-CMP-134A", "R-134a", "1/3", "3.5"): every
 * dash (hyphen, the Unicode hyphen, en and em dash, minus), `.`, `/` and `_`. Defined once, for
 * normalising a part number (part-number.ts) and for splitting text into words (word-index.ts), so
 * a number typed and a number indexed are cut alike. A class body for RegExp, not a RegExp.
 */
export const SEPARATOR_CHARS = String.raw`\-\u2010\u2013\u2014\u2212./_`;
