/**
 * The backend contract: every request and answer body of every service, as TypeBox schemas
 * (one file per service), and the rules and sentences both sides share (rules.ts and
 * messages.ts, plain values). The server validates with the schemas. The storefront imports
 * types from here (`import type ... from 'contract'`, erased from the build) and values only
 * from 'contract/rules' and 'contract/messages', which import no TypeBox, so TypeBox never
 * reaches the browser bundle (the linter holds src/ to that).
 *
 * Money is in naira as JSON numbers with at most two decimals (the server keeps kobo
 * integers); Paystack amounts (`user_data.amount`, verification `amount`) are in kobo.
 *
 * `errorMessage` on a field is the sentence the server puts in a 422 `msg` when that field's
 * value breaks a rule (shoppers read it), instead of a generic one built from the rule.
 */
export * from './rules';
export * from './email';
export * from './messages';
export * from './details';
export * from './errors';
export * from './products';
export * from './cart';
export * from './wishlists';
export * from './users';
export * from './delivery';
export * from './orders';
export * from './fulfilment';
export * from './payment';
export * from './affiliates';
export * from './dev';
export * from './outbox';
export * from './specCalls';
export * from './backOffice';
export * from './staffAccounts';
export * from './shopSettings';
export * from './catalogue';
export * from './catalogueImport';
export * from './naira';
export * from './photos';
export * from './guestCart';
export * from './money';
