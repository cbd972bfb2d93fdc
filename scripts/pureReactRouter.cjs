/**
 * A webpack loader for react-router's production build (webpack.config.ts), which marks its
 * components and contexts as free of side effects so that the minifier can leave out those
 * the storefront never uses.
 *
 * The build declares `sideEffects: false`, but defines `var Form = React.forwardRef(...)`,
 * `var DataRouterContext = React.createContext(null)` and the like without the
 * `@__PURE__` annotation, then sets each one's `displayName`. A minifier must keep a call it
 * cannot prove pure, and an assignment to a property, so every component and context of the
 * file reached the shop's first screen, used or not (Form, NavLink, ScrollRestoration and
 * their helpers: 1.5 KB brotli). Here the calls are annotated and the `displayName` lines,
 * which only name components in React's developer tools, are dropped.
 *
 * `src/app/routes.test.tsx` and the browser tests use the built router; the bundle budget
 * (scripts/bundleBudget.ts) shows what this saves.
 */
module.exports = function pureReactRouter(source) {
  return source
    .replace(
      /^var (\w+) = (React\d*\.(?:forwardRef|createContext|memo))\(/gm,
      'var $1 = /* @__PURE__ */ $2(',
    )
    .replace(/^\w+\.displayName = "[^"\n]*";$/gm, '');
};
