import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { OTP_RESEND_INTERVAL_SECONDS } from 'contract/rules';
import { TAP_TARGET_PX } from '../../theme/theme';

/**
 * Seconds left before another code may be asked for, counted down once a second from each
 * `start()`. The server refuses a code asked for sooner (429); counting down here means the
 * shopper is told how long to wait before tapping, not after.
 */
export function useResendCountdown(startRunning: boolean) {
  const [secondsLeft, setSecondsLeft] = useState(startRunning ? OTP_RESEND_INTERVAL_SECONDS : 0);
  const running = secondsLeft > 0;
  useEffect(() => {
    if (!running) return undefined;
    const timer = setInterval(() => setSecondsLeft((s) => Math.max(0, s - 1)), 1000);
    return () => clearInterval(timer);
  }, [running]);
  /** Starts the wait: the server's figure when it said one, else its default. */
  const start = (seconds: number = OTP_RESEND_INTERVAL_SECONDS) => setSecondsLeft(seconds);
  return { secondsLeft, start };
}

interface ResendCodeProps {
  /** The link's words (the spec's, where it has them). */
  label: string;
  onResend: () => void;
  sending: boolean;
  secondsLeft: number;
  /** Said under the link, after the wait while there is one: where the next code goes. */
  hint?: string;
  hintId?: string;
}

/**
 * 'Send again' for a one-time code: offered once the wait is over, with the seconds left said
 * under it until then (a live region would read every second aloud, so only the start and
 * the end of the wait are announced).
 */
export function ResendCode({
  label,
  onResend,
  sending,
  secondsLeft,
  hint,
  hintId,
}: ResendCodeProps) {
  const waiting = secondsLeft > 0;
  return (
    <Box>
      <Link
        component="button"
        type="button"
        variant="body2"
        onClick={onResend}
        disabled={sending || waiting}
        aria-describedby={hintId}
        sx={{
          fontWeight: 600,
          minHeight: TAP_TARGET_PX,
          '&:disabled': { color: 'text.disabled', cursor: 'default' },
        }}
      >
        {label}
      </Link>
      <Typography id={hintId} variant="body2" color="text.secondary">
        {waiting ? `You can ask for another code in ${secondsLeft} s. ${hint ?? ''}`.trim() : hint}
      </Typography>
    </Box>
  );
}
