import { forwardRef, type AnchorHTMLAttributes, type MouseEvent } from 'react';
import { useHref, useLinkClickHandler, type To } from 'react-router-dom';

export interface RouterLinkProps extends AnchorHTMLAttributes<HTMLAnchorElement> {
  /** A path of the storefront's (lib/paths.ts). */
  to: To;
  /** Replace the current history entry instead of adding one. */
  replace?: boolean;
}

/**
 * A link to a page of the storefront: a real `<a href>` (it works before the app has taken
 * the server's page over, and opens in a new tab), which the router follows without a page
 * load. For MUI's `component` prop (`<Button component={RouterLink} to={paths.cart}>`).
 *
 * react-router's own `Link` does the same through the same two hooks, and also carries what
 * an app in its framework mode uses: route prefetching and discovery, masks, view
 * transitions. Its minifier cannot leave that out, so every page downloaded it (1.5 KB
 * brotli of the first screen) for links that use none of it.
 */
const RouterLink = forwardRef<HTMLAnchorElement, RouterLinkProps>(function RouterLink(
  { to, replace, onClick, target, children, ...rest },
  ref,
) {
  const href = useHref(to);
  const followLink = useLinkClickHandler<HTMLAnchorElement>(to, { replace, target });
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (!event.defaultPrevented) followLink(event);
  };
  return (
    <a {...rest} ref={ref} href={href} target={target} onClick={handleClick}>
      {children}
    </a>
  );
});

export default RouterLink;
