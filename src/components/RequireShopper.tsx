import { useContext, type ReactNode } from 'react';
import { useAppSelector } from '../state/hooks';
import { selectIsLoggedIn } from '../state/sessionSlice';
import LoginPrompt from './LoginPrompt';
import PageLoader from './PageLoader';
import { PLACEHOLDER_ATTRIBUTE, ShopperUnknownContext } from './shopperUnknown';

/**
 * The one place that decides what a signed-out visitor sees on a shopper's page: the login
 * prompt (or `signedOut`) instead of `children`. Whatever asks the server for the shopper's
 * data belongs inside `children`, so a signed-out visit requests nothing.
 *
 * Rendered on the server for a visitor's copy, where the shopper is not known (a request with
 * the session's cookie is rendered as the shopper's), it shows `placeholder`: the page's
 * loading view at its final size, so that the first HTML already has the page's shape and
 * nothing moves when the browser puts the shopper's page in its place. The default is a
 * screen-tall loader, which keeps the footer below the fold.
 */
export default function RequireShopper({
  children,
  signedOut = <LoginPrompt />,
  placeholder = <PageLoader label="Loading your account" />,
}: {
  children: ReactNode;
  signedOut?: ReactNode;
  placeholder?: ReactNode;
}) {
  const shopperUnknown = useContext(ShopperUnknownContext);
  const isLoggedIn = useAppSelector(selectIsLoggedIn);
  if (shopperUnknown) {
    return placeholder === null ? null : (
      <div {...{ [PLACEHOLDER_ATTRIBUTE]: '' }}>{placeholder}</div>
    );
  }
  return isLoggedIn ? children : signedOut;
}
