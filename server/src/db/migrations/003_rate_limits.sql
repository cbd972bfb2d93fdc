-- Rate-limit counts (sign-in attempts, codes sent, contact messages) shared by every server on
-- this database, so N servers behind a load balancer allow what one would, not N times it.
-- One row per key ('ip:203.0.113.7', 'guess:ada@example.ng'): the attempts in the window
-- that ends at reset_at. A row whose window has ended counts for nothing and is deleted by
-- the next sweep.
CREATE TABLE rate_limits (
  key text PRIMARY KEY,
  count integer NOT NULL CHECK (count >= 0),
  reset_at timestamptz NOT NULL
);
CREATE INDEX rate_limits_reset_at_idx ON rate_limits (reset_at);
