import { DemoNotice } from './DemoNotice';
import { PwaStatus } from './pwa/PwaStatus';
import { PendingPaymentResumer } from '../features/cart/checkout/PendingPaymentResumer';

/**
 * What the app shell shows or does besides the page: the offline banner and the update
 * prompt, the demo shop's label, and the finishing of a paid order left unfinished. None of
 * it is part of the first screen, so it is a chunk of its own that App.tsx renders once the
 * server's page has been hydrated: each piece floats above the page or stays empty until it
 * has something to say, so its arrival moves nothing.
 */
export default function ShellExtras() {
  return (
    <>
      <PwaStatus />
      <DemoNotice />
      {/* Finishes an order paid for before a reload or a closed tab. */}
      <PendingPaymentResumer />
    </>
  );
}
