-- The back office's change log: every change the owner or staff make (a product, a price,
-- a setting, a staff account) is a row here, written in the same transaction as the change,
-- with who made it, when, and the thing before and after. Rows are never updated or deleted.
--
-- users.role is 'customer' (a shopper), 'staff' or 'owner'; the check makes a typo in a
-- script fail instead of locking somebody out.
CREATE TABLE back_office_changes (
  id bigserial PRIMARY KEY,
  actor_id integer REFERENCES users (id),
  at timestamptz NOT NULL DEFAULT now(),
  entity text NOT NULL,
  entity_id text,
  action text NOT NULL,
  before jsonb,
  after jsonb
);
CREATE INDEX back_office_changes_at_idx ON back_office_changes (at DESC, id DESC);
CREATE INDEX back_office_changes_entity_idx ON back_office_changes (entity, entity_id, at DESC);

ALTER TABLE users ADD CONSTRAINT users_role_check CHECK (role IN ('customer', 'staff', 'owner'));
