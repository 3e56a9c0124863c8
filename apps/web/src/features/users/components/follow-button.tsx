import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Button } from "../../../components/button";
import { FormAlert } from "../../../components/form-alert";
import { track } from "../../../lib/analytics";
import { api } from "../../../lib/api-client";
import { errorMessage } from "../../../lib/errors";
import { userKeys } from "../queries";

const followKey = (userId: string) => [...userKeys.all, "follow", userId] as const;

/** Follow or unfollow a user; a follower count shown beside it moves with it through `onCountChange`. */
export function FollowButton({
  userId,
  onCountChange,
  label = "Follow",
}: {
  userId: string;
  onCountChange?: (nFollowers: number) => void;
  /** What the button says while the viewer does not follow yet. */
  label?: string;
}) {
  const client = useQueryClient();
  const state = useQuery({
    queryKey: followKey(userId),
    queryFn: ({ signal }) => api("users.followState", { params: { id: userId }, signal }),
  });
  const toggle = useMutation({
    mutationFn: (follow: boolean) => api(follow ? "users.follow" : "users.unfollow", { params: { id: userId } }),
    onSuccess: (next, follow) => {
      if (follow) track("follow");
      client.setQueryData(followKey(userId), next);
      onCountChange?.(next.nFollowers);
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
        {following ? "Following" : label}
      </Button>
      {toggle.isError ? <FormAlert>{errorMessage(toggle.error)}</FormAlert> : null}
    </div>
  );
}
