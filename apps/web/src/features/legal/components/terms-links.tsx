import { Link } from "react-router";

/** Where a box that asks to accept the terms says what they are; new tabs keep the half-filled form. */
export function TermsLinks() {
  return (
    <>
      Read the{" "}
      <Link to="/terms" target="_blank" className="text-accent underline underline-offset-2">
        terms of use
      </Link>{" "}
      and the{" "}
      <Link to="/privacy" target="_blank" className="text-accent underline underline-offset-2">
        privacy notice
      </Link>
      .
    </>
  );
}
