import { apiPath } from "@quire/core/api-paths";
import { Download } from "lucide-react";
import { buttonClasses } from "../../components/button";
import { SettingsCard } from "../../components/settings-card";

const exportUrl = (format: "markdown" | "json") => `${apiPath("me.annotationsExport")}?format=${format}`;

/** Downloads of every highlight and note, by book: plain links, so the browser saves the file itself. */
export function AnnotationsExportSection() {
  return (
    <SettingsCard
      id="annotations-export"
      title="Highlights and notes"
      description="Download everything you highlighted and noted, grouped by book: Markdown for a notes app, JSON for other tools."
    >
      <div className="flex flex-wrap gap-3">
        <a href={exportUrl("markdown")} download className={buttonClasses("secondary")}>
          <Download aria-hidden="true" className="size-4" />
          Download as Markdown
        </a>
        <a href={exportUrl("json")} download className={buttonClasses("secondary")}>
          <Download aria-hidden="true" className="size-4" />
          Download as JSON
        </a>
      </div>
    </SettingsCard>
  );
}
