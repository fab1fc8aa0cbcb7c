import { normalizePartNumber } from '@fridgeparts/common/search/part-number';
import type { MatchedBy } from '@fridgeparts/common/search/catalogue-search';
import { aliasSentence } from '../../../lib/domain/alias-sentence';
import css from './hit-numbers.module.css';

/**
 * How many characters of `number`, from its start, the typed text stands for when compared as part
 * numbers are (CONTRACT §11: "fpcfm115" is the start of "FP-CFM-115-9W"), or 0 when it is not its
 * start. Two characters at least, as the search's own "numbers starting with it".
 */
export function matchedLength(number: string, typed: string): number {
  const key = normalizePartNumber(typed);
  if (key.length < 2) return 0;
  let seen = '';
  let at = 0;
  for (const ch of number) {
    seen += normalizePartNumber(ch);
    at += ch.length;
    if (seen.length >= key.length) return seen.startsWith(key) ? at : 0;
  }
  return 0;
}

/** `number` with the part the search matched in <mark>; all of it when the search found it otherwise (by its words). */
function Marked({ number, q, whole }: { number: string; q: string; whole: boolean }) {
  const length = matchedLength(number, q) || (whole ? number.length : 0);
  if (length === 0) return <>{number}</>;
  return (
    <>
      <mark className={css.mark}>{number.slice(0, length)}</mark>
      {number.slice(length)}
    </>
  );
}

/**
 * A hit's numbers on its catalogue card: its part number, with what the search matched of it
 * marked, and when the search found it through another number (an older one of ours, a
 * discontinued part's, an appliance maker's or another maker's), that number in a sentence.
 */
export function HitNumbers({ partNumber, matchedBy, q }: { partNumber: string; matchedBy: MatchedBy | null; q: string }) {
  const sentence = matchedBy && aliasSentence(matchedBy);
  return (
    <>
      <p className={css.partNumber} data-testid="tool-part-number">
        <span className={css.label}>Part number </span>
        <Marked number={partNumber} q={matchedBy ? '' : q} whole={false} />
      </p>
      {matchedBy && sentence && (
        <p className={css.matchedBy} data-testid="tool-matched-by">
          {sentence.before}
          <Marked number={matchedBy.number} q={q} whole />
          {sentence.after}
        </p>
      )}
    </>
  );
}
