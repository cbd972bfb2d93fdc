-- How a pay-now payment was paid (card, bank transfer or USSD), as the provider's verify
-- reports it: the sandbox's ledger keeps the tester's choice, as Paystack's records do, and
-- the shop keeps what verify said with the payment, so a paid order's channel is known.
ALTER TABLE sandbox_payments ADD COLUMN channel text
  CHECK (channel IN ('card', 'bank_transfer', 'ussd'));
ALTER TABLE transactions ADD COLUMN channel text
  CHECK (channel IN ('card', 'bank_transfer', 'ussd'));
