import { Link } from "react-router";
import { buttonClasses } from "./button";

/** The two ways out of a dead end: browse the books or go home, the likelier one first. */
export function WayBackLinks({ first = "browse" }: { first?: "browse" | "home" }) {
  const browse = (
    <Link key="browse" to="/browse" className={buttonClasses(first === "browse" ? "primary" : "secondary")}>
      Browse books
    </Link>
  );
  const home = (
    <Link key="home" to="/" className={buttonClasses(first === "home" ? "primary" : "secondary")}>
      Go home
    </Link>
  );
  return (
    <div className="flex flex-wrap justify-center gap-3">{first === "browse" ? [browse, home] : [home, browse]}</div>
  );
}
