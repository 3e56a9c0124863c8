import { LoadingStatus, placeholderKeys, Skeleton } from "../../../components/skeleton";

/** Rows of avatar-and-name placeholders while a list of people loads. */
export function PeopleListSkeleton({ label, rows }: { label: string; rows: number }) {
  return (
    <div aria-hidden="true" className="flex flex-col gap-2">
      <LoadingStatus label={label} />
      {placeholderKeys(rows).map((key) => (
        <div key={key} className="flex items-center gap-3 rounded-2xl border border-line bg-surface p-3">
          <Skeleton className="size-12 rounded-full" />
          <div className="flex flex-1 flex-col gap-2">
            <Skeleton className="h-4 w-40" />
            <Skeleton className="h-3 w-24" />
          </div>
        </div>
      ))}
    </div>
  );
}
