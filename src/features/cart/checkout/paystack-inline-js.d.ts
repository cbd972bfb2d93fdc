/**
 * The part of Paystack's official inline library (@paystack/inline-js, which ships no types)
 * that the checkout uses: resuming a transaction the server initialized, by its access code.
 */
declare module '@paystack/inline-js' {
  export interface PaystackTransactionResult {
    reference: string;
    status?: string;
    message?: string;
    trans?: string;
    transaction?: string;
  }

  export interface PaystackLoadedTransaction {
    id: number;
    accessCode: string;
    customer: unknown;
  }

  export interface PaystackCallbacks {
    onSuccess?: (transaction: PaystackTransactionResult) => void;
    onCancel?: () => void;
    onError?: (error: { message?: string }) => void;
    onLoad?: (transaction: PaystackLoadedTransaction) => void;
  }

  export default class PaystackPop {
    /** The instance's id; its two iframes are `inline-background-<id>` and `inline-checkout-<id>`. */
    readonly id: string;
    resumeTransaction(accessCode: string, callbacks?: PaystackCallbacks): unknown;
  }
}
