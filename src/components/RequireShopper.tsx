import type { ReactNode } from 'react';
import { useAppSelector } from '../state/hooks';
import { selectIsLoggedIn } from '../state/sessionSlice';
import LoginPrompt from './LoginPrompt';

/**
 * The one place that decides what a signed-out visitor sees on a shopper's page: the login
 * prompt (or `signedOut`) instead of `children`. Whatever asks the server for the shopper's
 * data belongs inside `children`, so a signed-out visit requests nothing.
 */
export default function RequireShopper({
  children,
  signedOut = <LoginPrompt />,
}: {
  children: ReactNode;
  signedOut?: ReactNode;
}) {
  const isLoggedIn = useAppSelector(selectIsLoggedIn);
  return isLoggedIn ? children : signedOut;
}
