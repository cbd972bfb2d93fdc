import { useEffect } from 'react';
import { brand } from '../lib/brand';

/** Sets the tab title to "<title> | Ibadan Market", so every page announces where the shopper is. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} | ${brand.name}`;
  }, [title]);
}
