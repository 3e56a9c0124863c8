import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import { buttonClasses } from "../../../components/button";
import { errorMessage } from "../../../lib/errors";
import { NotFoundScreen } from "./not-found-screen";

/** Last line of defence when a screen throws while rendering or loading its code. */
export function RouteErrorScreen() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundScreen />;
  const message = errorMessage(error);
  return (
    <div role="alert" className="mx-auto flex max-w-xl flex-col items-center gap-5 px-4 py-20 text-center">
      <h1 className="font-semibold font-serif text-3xl text-ink">Something went wrong</h1>
      <p className="text-ink-muted">{message}</p>
      <div className="flex flex-wrap justify-center gap-3">
        <button type="button" className={buttonClasses("primary")} onClick={() => window.location.reload()}>
          Reload the page
        </button>
        <Link to="/" className={buttonClasses("secondary")} reloadDocument>
          Go home
        </Link>
      </div>
    </div>
  );
}
