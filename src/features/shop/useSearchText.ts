import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';

/** The query parameter that keeps the search in the page's address. */
export const SEARCH_PARAM = 'q';
/** How long the shopper may pause between keystrokes before the server is asked. */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * What to ask the server for a search text. The server matches words case-insensitively, so
 * 'Palm  Oil' and 'palm oil' are one search, answered once and then from the cache.
 */
export function searchKey(text: string): string {
  return text.trim().replace(/\s+/g, ' ').toLowerCase();
}

/**
 * The search box's text, kept in the address (?q=) so a search can be shared and survives a
 * reload. Typing updates the box at once and the address (replacing, not pushing, the
 * history entry) once the shopper pauses. `label` is the search as typed (trimmed), `query` what
 * to ask the server.
 * Emptying the box shows every product at once; Enter searches without waiting.
 */
export function useSearchText() {
  const [searchParams, setSearchParams] = useSearchParams();
  const urlText = searchParams.get(SEARCH_PARAM) ?? '';
  const [text, setText] = useState(urlText);
  // What this hook last wrote to the address: its own writes must not overwrite newer typing.
  const [written, setWritten] = useState(urlText);

  // The address changed by other means (a link, back or forward): the box follows it.
  const [seenUrlText, setSeenUrlText] = useState(urlText);
  if (urlText !== seenUrlText) {
    setSeenUrlText(urlText);
    if (urlText !== written) {
      setWritten(urlText);
      setText(urlText);
    }
  }

  // What was last written, read by the pause's timer: a text already written (on leaving the
  // box, say) is not written again, which would replace a navigation made since.
  const lastWritten = useRef(urlText);
  useEffect(() => {
    lastWritten.current = urlText;
  }, [urlText]);
  const commit = useCallback(
    (value: string) => {
      const normalized = value.trim() === '' ? '' : value;
      if (normalized === lastWritten.current) return;
      lastWritten.current = normalized;
      setWritten(normalized);
      setSearchParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          if (normalized === '') next.delete(SEARCH_PARAM);
          else next.set(SEARCH_PARAM, normalized);
          return next;
        },
        { replace: true },
      );
    },
    [setSearchParams],
  );

  useEffect(() => {
    if (text === urlText || text.trim() === urlText.trim()) return undefined;
    const timer = setTimeout(() => commit(text), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, urlText, commit]);

  const change = useCallback(
    (value: string) => {
      setText(value);
      if (value.trim() === '') commit('');
    },
    [commit],
  );

  const submit = useCallback(() => commit(text), [commit, text]);

  const clear = useCallback(() => {
    setText('');
    commit('');
  }, [commit]);

  const label = urlText.trim();
  return { text, label, query: searchKey(label), change, submit, clear };
}
