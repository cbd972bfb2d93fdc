-- When the account's password last changed, to the millisecond (so it reads back exactly as
-- written). A login proves the password that was current when it checked it: its session
-- is opened only if this is still the value it read, in the transaction that opens it, so a
-- login racing a reset never outlives the reset; and a session issued before it is refused.
-- Accounts already here count from their creation, so nobody is signed out by this change.
ALTER TABLE users ADD COLUMN password_changed_at timestamptz;
UPDATE users SET password_changed_at = date_trunc('milliseconds', created_at);
ALTER TABLE users ALTER COLUMN password_changed_at SET NOT NULL;
ALTER TABLE users ALTER COLUMN password_changed_at SET DEFAULT date_trunc('milliseconds', now());
