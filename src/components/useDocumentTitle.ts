import { useEffect } from 'react';
import { documentTitle } from 'contract/titles';

/**
 * Sets the tab title to "<title> | Ibadan Market", so every page announces where the shopper is.
 * The server writes the same title into a public page's first HTML (contract/titles.ts).
 */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);
}
