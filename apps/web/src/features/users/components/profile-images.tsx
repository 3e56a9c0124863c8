import type { Me } from "@quire/core";
import { useQueryClient } from "@tanstack/react-query";
import { ImagePlus } from "lucide-react";
import { SESSION_QUERY_KEY } from "../../../lib/session-state";
import { ImageUpload } from "../../uploads";
import { userKeys } from "../queries";
import { ProfileCover } from "./profile-cover";
import { UserAvatar } from "./user-avatar";

/** Avatar and cover, as the profile page shows them, each with its own upload control. */
export function ProfileImages({ user }: { user: Me }) {
  const queryClient = useQueryClient();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
    void queryClient.invalidateQueries({ queryKey: userKeys.all });
  };
  return (
    <section
      aria-labelledby="profile-images-heading"
      className="flex flex-col gap-5 rounded-2xl border border-line bg-surface p-5 shadow-card sm:p-7"
    >
      <h2 id="profile-images-heading" className="flex items-center gap-2 font-semibold font-serif text-ink text-xl">
        <ImagePlus aria-hidden="true" className="size-5 text-accent" />
        Pictures
      </h2>
      <div className="relative">
        <ProfileCover user={user} />
        <div className="absolute -bottom-8 left-4">
          <UserAvatar user={user} size={80} />
        </div>
      </div>
      <div className="mt-6 grid gap-6 md:grid-cols-2">
        <ImageUpload kind="avatar" currentUrl={user.avatarUrl} onUploaded={refresh} />
        <ImageUpload kind="cover" currentUrl={user.coverUrl} onUploaded={refresh} />
      </div>
    </section>
  );
}
