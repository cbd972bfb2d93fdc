import { createRef, forwardRef, useImperativeHandle } from 'react';
import { render, screen } from '@testing-library/react';
import type { TouchRippleActions } from '@mui/material/ButtonBase/TouchRipple';
import TouchRippleOnFirstUse from './TouchRippleOnFirstUse';

/** What reached the real ripple, in order. */
const received: string[] = [];

// MUI's ripple, as far as ButtonBase uses it: its three actions, and it renders a span.
jest.mock('@mui/material/ButtonBase/TouchRipple', () => ({
  __esModule: true,
  default: forwardRef<TouchRippleActions, { center?: boolean }>(function Ripple({ center }, ref) {
    useImperativeHandle(ref, () => ({
      start: (_event, options) => received.push(`start${options?.center ? ' centred' : ''}`),
      stop: () => received.push('stop'),
      pulsate: () => received.push('pulsate'),
    }));
    return <span>ripple{center ? ', centred' : ''}</span>;
  }),
}));

beforeEach(() => {
  received.length = 0;
});

test('what ButtonBase asks before the ripple has loaded reaches it once it has, in order', async () => {
  const ripple = createRef<TouchRippleActions>();
  render(<TouchRippleOnFirstUse ref={ripple} center />);
  // A first press: ButtonBase starts the ripple and the press ends, before the code is here.
  ripple.current?.start(undefined, { center: true });
  ripple.current?.stop();
  expect(received).toEqual([]);

  expect(await screen.findByText('ripple, centred')).toBeInTheDocument();
  expect(received).toEqual(['start centred', 'stop']);
});

test('once loaded, each action reaches the ripple at once', async () => {
  const ripple = createRef<TouchRippleActions>();
  render(<TouchRippleOnFirstUse ref={ripple} />);
  await screen.findByText('ripple');
  ripple.current?.pulsate();
  ripple.current?.start();
  expect(received).toEqual(['pulsate', 'start']);
});
