import type { DevicePasswordList } from "@quire/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../lib/api-client";

export const deviceKeys = {
  passwords: () => ["device-passwords"] as const,
};

export const useDevicePasswords = () =>
  useQuery({
    queryKey: deviceKeys.passwords(),
    queryFn: ({ signal }) => api("me.devicePasswords", { signal }),
    select: (data) => data.items,
  });

/** Creates one; the answer (with the password, shown once) goes to the caller, the list is read again. */
export function useCreateDevicePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => api("me.createDevicePassword", { body: { name } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: deviceKeys.passwords() }),
  });
}

/** Revokes one: it leaves the list at once, and the list is read again either way. */
export function useRevokeDevicePassword() {
  const queryClient = useQueryClient();
  const key = deviceKeys.passwords();
  return useMutation({
    mutationFn: (id: string) => api("me.deleteDevicePassword", { params: { id } }),
    onSuccess: (_answer, id) => {
      queryClient.setQueryData<DevicePasswordList>(key, (list) =>
        list ? { items: list.items.filter((item) => item.id !== id) } : list,
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
