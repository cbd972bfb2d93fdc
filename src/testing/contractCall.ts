/**
 * One row of the mock backend's contract test (handlers.contract.test.ts): a request the
 * contract accepts and the schema the reference server answers it with. Handler files keep
 * their rows beside them (notificationCalls.ts, staffCalls.ts).
 */
import type { TSchema } from 'typebox';
import type { ServiceName } from '../config/env';

export interface ContractCall {
  /** What the shopper (or the app) does, in words. */
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  service: ServiceName;
  path: string;
  /** The JSON body, checked against `request` before it is sent. */
  body?: unknown;
  request?: TSchema;
  /** Sent form-encoded, as the storefront logs in. */
  form?: Record<string, string>;
  signedIn?: boolean;
  /** Puts the mock database in the state the call needs. */
  setup?: () => Promise<void>;
  status?: number;
  answer: TSchema;
}
