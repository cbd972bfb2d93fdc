/**
 * Who may use a back-office call. Every call checks the caller's role in the database (not
 * in the token), so a demoted or disabled member is refused on their next call.
 */
import type { FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import { SHOP_ROLES, type ShopRole } from '../../../contract';
import type { Queryable } from '../db/client';
import { findRoleOf } from '../db/staffAccounts';
import { currentUser } from '../plugins/auth';
import { forbidden } from '../plugins/errors';

/** What a member the owner turned off hears from every back-office call. */
export const DISABLED_DETAIL =
  'Your back-office access has been turned off. Ask the shop owner to turn it back on.';

export const isShopRole = (role: unknown): role is ShopRole =>
  (SHOP_ROLES as readonly unknown[]).includes(role);

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's back-office role, set by a shopRole guard. */
    shopRole?: ShopRole;
  }
}

/**
 * A preValidation hook (after requireUser) letting through the given roles only: 403 with
 * the reason in words for anyone else. `allowed` defaults to both roles.
 */
export function shopRole(
  db: Queryable,
  allowed: readonly ShopRole[] = SHOP_ROLES,
): preValidationAsyncHookHandler {
  return async function checkShopRole(request: FastifyRequest) {
    const member = await findRoleOf(db, currentUser(request).id);
    const role = member?.role;
    if (!isShopRole(role)) throw forbidden('This page is for the shop staff only');
    if (member?.disabled) throw forbidden(DISABLED_DETAIL);
    if (!allowed.includes(role)) throw forbidden('Only the shop owner can do this');
    request.shopRole = role;
  };
}
