/** The words the team and change-log pages share. */
import type { ShopRole } from 'contract';

export const ROLE_LABELS: Record<ShopRole, string> = { owner: 'Owner', staff: 'Staff' };

export const ROLE_HINTS: Record<ShopRole, string> = {
  owner: 'Everything: prices, settings and the team',
  staff: 'Orders and stock counts; no prices, settings or team',
};

const WHEN = new Intl.DateTimeFormat('en-NG', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Africa/Lagos',
});

/** A moment as people in Ibadan read it: '28 Nov 2026, 11:05'. */
export const formatWhen = (at: string) => WHEN.format(new Date(at));
