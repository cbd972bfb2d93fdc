import { routeManifest, type NamedRoute } from '../app/routeManifest';

export { orderConfirmationPath, orderPagePath } from 'contract/links';

/** A page with a router of its own is linked to at its root: '/staff/*' -> '/staff'. */
type LinkPath<P extends string> = P extends `${infer Base}/*` ? Base : P;

/**
 * Every named page's path (src/app/routeManifest.ts, which docs/product.md#routes shows):
 * components link through these, never literals. `order` and `orderConfirmation` have an id
 * in them: build those with orderPagePath(id) and orderConfirmationPath(id).
 */
export const paths = Object.fromEntries(
  routeManifest.flatMap((entry) =>
    entry.name === undefined ? [] : [[entry.name, entry.path.replace(/\/\*$/, '')]],
  ),
) as { readonly [E in NamedRoute as E['name']]: LinkPath<E['path']> };

/** The query parameter that carries where to go after logging in. */
export const RETURN_TO_PARAM = 'redirect';

/**
 * The query parameter of the sign-up link an affiliate shares (/auth/register?ref=code): the
 * sign-up page prefills the affiliate code from it.
 */
export const AFFILIATE_REF_PARAM = 'ref';

/** The login page, remembering the page to come back to (only same-site paths are honoured). */
export function loginPathReturningTo(returnTo: string): string {
  return `${paths.login}?${new URLSearchParams({ [RETURN_TO_PARAM]: returnTo })}`;
}

/** Where to go after login: the remembered page when it is a path on this site, else the shop. */
export function safeReturnPath(candidate: string | null | undefined): string {
  if (
    !candidate ||
    !candidate.startsWith('/') ||
    candidate.startsWith('//') ||
    candidate.startsWith('/auth/')
  ) {
    return paths.root;
  }
  return candidate;
}
