import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useDebouncedValue } from './use-debounced-value';
import { useHydrated } from './use-hydrated';

/**
 * A search field whose text lives in the address (`?q=`), so a search can be shared and is there
 * again after Back: the field follows every key, the address only the text once it has settled for
 * `delayMs` (replacing the entry: typing is not history), and a search reached by Back or a link
 * shows in the field. `settled` is the trimmed text that settled, `inUrl` the address's.
 *
 * While a prerendered page hydrates, `text` is empty, as in the prerendered HTML (made for the
 * address without its query): the field shows the address's text on the render after, so a shared
 * search link hydrates without a mismatch (decision 0067). `settled` and `inUrl` are the address's
 * from the start, for the reads; a page renders them only once hydrated.
 */
export function useSearchParamText(name: string, delayMs: number) {
  const [params, setParams] = useSearchParams();
  const hydrated = useHydrated();
  const inUrl = (params.get(name) ?? '').trim();
  const [text, setText] = useState(inUrl);
  const settled = useDebouncedValue(text.trim(), delayMs);
  useEffect(() => {
    if (settled === inUrl) return;
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (settled) next.set(name, settled);
        else next.delete(name);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
    // The address is read, not watched: after Back it is the field that follows it (below), not the
    // other way round while the text typed before is still settling.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settled, name, setParams]);
  useEffect(() => setText((current) => (current.trim() === inUrl ? current : inUrl)), [inUrl]);
  return { text: hydrated ? text : '', setText, settled, inUrl };
}
