import { Link } from "react-router";
import { buttonClasses } from "../../../components/button";
import { SettingsCard } from "../../../components/settings-card";

/** Settings' way to the Quire Plus page, with the beta state the page changes. */
export function PlusSettingsCard({ onBetaList }: { onBetaList: boolean }) {
  return (
    <SettingsCard
      id="plus"
      title="Quire Plus"
      description={
        onBetaList ? "You're on the beta list." : "A membership in the making: see the plans and join the beta."
      }
    >
      <Link to="/plus" className={buttonClasses("secondary", "sm", "self-start")}>
        See Quire Plus
      </Link>
    </SettingsCard>
  );
}
