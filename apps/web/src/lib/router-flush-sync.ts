import { flushSync } from "react-dom";

/**
 * ReactDOM.flushSync in the shape RouterProvider takes — what `react-router/dom` passes. It lets a
 * navigation ask to be committed at once (`navigate(to, { flushSync: true })`); sign-out relies on it.
 */
export function routerFlushSync(fn: () => unknown): undefined {
  flushSync(fn);
  return undefined;
}
