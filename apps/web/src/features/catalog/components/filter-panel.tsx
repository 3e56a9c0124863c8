import { BOOK_SOURCES, BOOK_STATUSES, COMPLETION_STATUSES } from "@quire/core/constants";
import { X } from "lucide-react";
import { Button } from "../../../components/button";
import { LabelledOptions, SelectField } from "../../../components/select-field";
import { COMPLETION_LABELS, SOURCE_LABELS, STATUS_LABELS } from "../book-labels";
import type { BookFilters } from "../filters";
import { useCategories, useGenres } from "../queries";

// Its own module, not the browse screen's: search shows it too, and importing it from the screen made the
// bundler put the browse screen in a shared chunk that the server's route preloads could not find.
interface FilterPanelProps {
  id: string;
  filters: BookFilters;
  onChange(patch: Partial<BookFilters>): void;
  onClear(): void;
  activeCount: number;
  className: string;
}

/** The browse filters; search shows the same panel for its book results. */
export function FilterPanel({ id, filters, onChange, onClear, activeCount, className }: FilterPanelProps) {
  const genres = useGenres();
  const categories = useCategories();
  return (
    <form
      id={id}
      aria-label="Filters"
      data-testid="browse-filters"
      onSubmit={(event) => event.preventDefault()}
      className={`grid-cols-2 gap-x-3 gap-y-4 rounded-2xl border border-line bg-surface p-4 sm:grid-cols-3 lg:grid-cols-1 lg:border-0 lg:bg-transparent lg:p-0 ${className}`}
    >
      <h2 className="sr-only">Filters</h2>
      <SelectField
        label="Source"
        value={filters.source ?? ""}
        onChange={(value) => onChange({ source: value ? (value as BookFilters["source"]) : undefined })}
      >
        <option value="">All sources</option>
        <LabelledOptions values={BOOK_SOURCES} labels={SOURCE_LABELS} />
      </SelectField>
      <SelectField
        label="Status"
        value={filters.status ?? ""}
        onChange={(value) => onChange({ status: value ? (value as BookFilters["status"]) : undefined })}
      >
        <option value="">Any status</option>
        <LabelledOptions values={BOOK_STATUSES} labels={STATUS_LABELS} />
      </SelectField>
      <SelectField
        label="Genre"
        value={filters.genre ?? ""}
        onChange={(value) => onChange({ genre: value || undefined })}
      >
        <option value="">Any genre</option>
        {filters.genre && genres.isPending ? <option value={filters.genre}>Loading…</option> : null}
        {genres.data?.map((genre) => (
          <option key={genre.id} value={genre.id}>
            {genre.displayName}
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Category"
        value={filters.category ?? ""}
        onChange={(value) => onChange({ category: value || undefined })}
      >
        <option value="">Any category</option>
        {filters.category && categories.isPending ? <option value={filters.category}>Loading…</option> : null}
        {categories.data?.map((category) => (
          <option key={category.id} value={category.id}>
            {category.name}
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Completion"
        value={filters.completionStatus ?? ""}
        onChange={(value) =>
          onChange({ completionStatus: value ? (value as BookFilters["completionStatus"]) : undefined })
        }
      >
        <option value="">Complete or ongoing</option>
        <LabelledOptions values={COMPLETION_STATUSES} labels={COMPLETION_LABELS} />
      </SelectField>
      {genres.isError || categories.isError ? (
        <p className="col-span-full text-ink-muted text-xs">Some filter options could not be loaded.</p>
      ) : null}
      {activeCount > 0 ? (
        <div className="col-span-full hidden lg:block">
          <Button variant="ghost" size="sm" onClick={onClear} className="-ml-3">
            <X aria-hidden="true" className="size-4" />
            Clear filters
          </Button>
        </div>
      ) : null}
    </form>
  );
}
