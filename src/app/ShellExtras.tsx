import { DemoNotice } from './DemoNotice';
import { PwaStatus } from './pwa/PwaStatus';
import ReconnectSender from './ReconnectSender';
import { PendingPaymentResumer } from '../features/cart/checkout/PendingPaymentResumer';

/**
 * What the app shell shows or does besides the page: the offline banner and the update
 * prompt, the demo shop's label, the finishing of a paid order left unfinished, and the
 * sending of an Add to cart made offline. None of
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
      {/* Sends an Add to cart made offline when the connection returns. */}
      <ReconnectSender />
    </>
  );
}
