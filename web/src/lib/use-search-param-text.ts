import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useDebouncedValue } from './use-debounced-value';

/**
 * A search field whose text lives in the address (`?q=`), so a search can be shared and is there
 * again after Back: the field follows every key, the address only the text once it has settled for
 * `delayMs` (replacing the entry: typing is not history), and a search reached by Back or a link
 * shows in the field. `settled` is the trimmed text that settled, `inUrl` the address's.
 */
export function useSearchParamText(name: string, delayMs: number) {
  const [params, setParams] = useSearchParams();
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
  return { text, setText, settled, inUrl };
}
