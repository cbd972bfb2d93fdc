-- Staff accounts the owner manages from the back office.
--
-- A member the owner turns off keeps their account (and can still shop) but the back office
-- refuses them: staff_disabled_at is when. Invites and the first owner's setup link are kept
-- as hashes of their codes only: the code itself is in the message or on the console, so a
-- copy of the database lets nobody in.
ALTER TABLE users ADD COLUMN staff_disabled_at timestamptz;

CREATE TABLE staff_invites (
  id bigserial PRIMARY KEY,
  code_hash text NOT NULL UNIQUE,
  channel text NOT NULL CHECK (channel IN ('email', 'sms')),
  sent_to text NOT NULL,
  role text NOT NULL CHECK (role IN ('owner', 'staff')),
  invited_by integer REFERENCES users (id),
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  used_by integer REFERENCES users (id)
);
CREATE INDEX staff_invites_open_idx ON staff_invites (expires_at) WHERE used_at IS NULL;

-- Every code printed during one window shares the window's end; using one uses them all.
CREATE TABLE owner_setup_codes (
  code_hash text PRIMARY KEY,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
