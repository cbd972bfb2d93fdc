import {
  forwardRef,
  lazy,
  Suspense,
  useCallback,
  useImperativeHandle,
  useRef,
  type ComponentType,
  type RefAttributes,
} from 'react';
import type { TouchRippleActions, TouchRippleProps } from '@mui/material/ButtonBase/TouchRipple';

/**
 * MUI's TouchRipple, the spreading circle a pressed button shows, with its code loaded when a
 * button is first pressed rather than with the page.
 *
 * MUI's ButtonBase already mounts its ripple only on a button's first press (useLazyRipple),
 * but imports its code, and react-transition-group's with it, on every page: 2 KB brotli of
 * the first screen that no shopper needs until they tap. The build puts this module in the
 * place of ButtonBase's import (webpack.config.ts, touchRippleOnFirstUse). It renders the real
 * TouchRipple once the code has arrived and, until then, keeps what ButtonBase asks of it
 * (start, stop, pulsate) and asks it then, so that the first press still ripples.
 */
const TouchRipple = lazy(
  () =>
    import(
      /* webpackChunkName: "touch-ripple" */ '@mui/material/ButtonBase/TouchRipple'
    ) as Promise<{
      default: ComponentType<TouchRippleProps & RefAttributes<TouchRippleActions>>;
    }>,
);

type Action = keyof TouchRippleActions;
type Call = { [A in Action]: [A, Parameters<TouchRippleActions[A]>] }[Action];

function perform(ripple: TouchRippleActions, [action, args]: Call) {
  switch (action) {
    case 'start':
      ripple.start(...args);
      break;
    case 'stop':
      ripple.stop(...args);
      break;
    case 'pulsate':
      ripple.pulsate(...args);
      break;
  }
}

const TouchRippleOnFirstUse = forwardRef<TouchRippleActions, TouchRippleProps>(
  function TouchRippleOnFirstUse(props, ref) {
    const ripple = useRef<TouchRippleActions | null>(null);
    const waiting = useRef<Call[]>([]);
    const ask = useCallback((call: Call) => {
      if (ripple.current) perform(ripple.current, call);
      else waiting.current.push(call);
    }, []);
    useImperativeHandle(
      ref,
      () => ({
        start: (...args) => ask(['start', args]),
        stop: (...args) => ask(['stop', args]),
        pulsate: (...args) => ask(['pulsate', args]),
      }),
      [ask],
    );
    const arrived = useCallback((actions: TouchRippleActions | null) => {
      ripple.current = actions;
      if (actions) for (const call of waiting.current.splice(0)) perform(actions, call);
    }, []);
    return (
      <Suspense fallback={null}>
        <TouchRipple {...props} ref={arrived} />
      </Suspense>
    );
  },
);

export default TouchRippleOnFirstUse;
