import type { FollowState } from "@quire/core";
import { apiPath } from "@quire/core/api-paths";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Button } from "../../../components/button";
import { FormAlert } from "../../../components/form-alert";
import { apiDelete, apiGet, apiPut } from "../../../lib/api-client";
import { errorMessage } from "../../../lib/errors";
import { userKeys } from "../queries";

const followKey = (userId: string) => [...userKeys.all, "follow", userId] as const;

/** Follow or unfollow a user from their profile; the follower count shown moves with it. */
export function FollowButton({
  userId,
  onCountChange,
}: {
  userId: string;
  onCountChange: (nFollowers: number) => void;
}) {
  const client = useQueryClient();
  const state = useQuery({
    queryKey: followKey(userId),
    queryFn: ({ signal }) => apiGet<FollowState>(apiPath("users.follow", { id: userId }), { signal }),
  });
  const toggle = useMutation({
    mutationFn: (follow: boolean) => {
      const path = apiPath("users.follow", { id: userId });
      return follow ? apiPut<FollowState>(path) : apiDelete<FollowState>(path);
    },
    onSuccess: (next) => {
      client.setQueryData(followKey(userId), next);
      onCountChange(next.nFollowers);
    },
  });
  const following = state.data?.following ?? false;
  return (
    <div className="flex flex-col items-center gap-2">
      <Button
        variant={following ? "secondary" : "primary"}
        size="sm"
        aria-pressed={following}
        disabled={state.isPending || toggle.isPending}
        onClick={() => toggle.mutate(!following)}
        data-testid="follow-button"
      >
        {following ? "Following" : "Follow"}
      </Button>
      {toggle.isError ? <FormAlert>{errorMessage(toggle.error)}</FormAlert> : null}
    </div>
  );
}
