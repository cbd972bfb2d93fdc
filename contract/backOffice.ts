/**
 * The back office's shared words: who may do what. The shop has two roles besides its
 * shoppers ('customer'): the owner, who may do everything, and staff, who run orders and
 * count stock but change no price, no setting and no staff account.
 */
import { Type, type Static } from 'typebox';

export const SHOP_ROLES = ['owner', 'staff'] as const;
export type ShopRole = (typeof SHOP_ROLES)[number];

/** What the back office's change log records about one change. */
export const CHANGE_ACTIONS = ['create', 'update', 'archive', 'delete', 'import'] as const;
export type ChangeAction = (typeof CHANGE_ACTIONS)[number];

/** GET /staff/me: who is signed in to the back office, and so what it shows them. */
export const StaffMeSchema = Type.Object({
  id: Type.Integer(),
  email: Type.String(),
  first_name: Type.String(),
  role: Type.Enum(SHOP_ROLES),
});
export type StaffMe = Static<typeof StaffMeSchema>;
