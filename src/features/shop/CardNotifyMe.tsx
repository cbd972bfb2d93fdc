import type { Product } from 'contract';
import NotifyMeButton from '../../components/product/NotifyMeButton';

/**
 * A shop card's Notify me, where Add to cart would be on a product out of stock: the product
 * page's button, the card's width. A card has no room for the sentence under a pressed button
 * (every card is the same height): the pressed button and its filled bell say it there.
 * Loaded when such a card is drawn (ProductCard), not with the shop's first screen.
 */
export default function CardNotifyMe({ product }: { product: Pick<Product, 'id' | 'name'> }) {
  return (
    <div data-notify="">
      <NotifyMeButton
        productId={product.id}
        productName={product.name}
        size="medium"
        fullWidth
        showWaitingText={false}
      />
    </div>
  );
}
