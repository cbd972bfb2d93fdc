import { useCallback } from 'react';
import type { Product } from 'contract';
import { useAppDispatch } from '../../state/hooks';
import { productOpened } from '../../state/sessionSlice';

/**
 * Remembers the product the shopper opens (productID and productSlug, kept in localStorage
 * by the session), for links to the product page to call as they are followed.
 */
export function useRememberProduct() {
  const dispatch = useAppDispatch();
  return useCallback(
    (product: Pick<Product, 'id' | 'slug'>) => {
      dispatch(productOpened({ productID: product.id, productSlug: product.slug }));
    },
    [dispatch],
  );
}
