import { apiPath } from "@quire/core/api-paths";
import { Download } from "lucide-react";
import { buttonClasses } from "../../../components/button";
import { SettingsCard } from "../../../components/settings-card";

/** A plain link: same origin, so the session cookie goes along and the browser saves the zip itself. */
export function DataExportCard() {
  return (
    <SettingsCard
      id="data-export"
      title="Your data"
      description="One zip with your profile, reading lists, progress, stars, follows, highlights and notes, and every book you wrote as an EPUB: to keep, or to take elsewhere."
    >
      <div className="flex flex-wrap gap-3">
        <a href={apiPath("me.export")} download className={buttonClasses("secondary")} data-testid="data-export-link">
          <Download aria-hidden="true" className="size-4" />
          Download your data
        </a>
      </div>
    </SettingsCard>
  );
}
