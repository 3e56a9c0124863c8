import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useSession } from "../auth";
import { downloadBook, listDownloads, offlineSupported, removeDownload, storageEstimate } from "./download-manager";

export const offlineKeys = {
  all: ["offline"] as const,
  downloads: () => [...offlineKeys.all, "downloads"] as const,
  storage: () => [...offlineKeys.all, "storage"] as const,
};

/** Read from this browser's Cache Storage, so nothing here is ever stale by itself: writes invalidate it. */
export function downloadsQuery() {
  return queryOptions({
    queryKey: offlineKeys.downloads(),
    queryFn: listDownloads,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function storageQuery() {
  return queryOptions({ queryKey: offlineKeys.storage(), queryFn: storageEstimate, staleTime: 0 });
}

export const useDownloads = () => useQuery({ ...downloadsQuery(), enabled: offlineSupported() });

/** One book's download: its record once downloaded, progress while downloading, and the two actions. */
export function useBookDownload(bookId: string) {
  const queryClient = useQueryClient();
  const session = useSession();
  const downloads = useDownloads();
  const storage = useQuery({ ...storageQuery(), enabled: offlineSupported() });
  const [progress, setProgress] = useState<number | null>(null);
  const settled = () => queryClient.invalidateQueries({ queryKey: offlineKeys.all });
  const download = useMutation({
    mutationFn: () => downloadBook(bookId, { userId: session.user?.id ?? null, onProgress: setProgress }),
    onSettled: async () => {
      await settled();
      setProgress(null);
    },
  });
  const remove = useMutation({ mutationFn: () => removeDownload(bookId), onSettled: settled });
  return {
    record: downloads.data?.find((record) => record.bookId === bookId) ?? null,
    storage: storage.data ?? null,
    progress: download.isPending ? progress : null,
    download,
    remove,
  };
}
