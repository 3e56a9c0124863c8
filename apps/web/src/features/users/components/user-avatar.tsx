import type { PublicUser } from "@quire/core";
import { UserRound } from "lucide-react";
import { useState } from "react";
import { displayName, hashString, initials } from "../../../lib/format";
import { fileUrl } from "../../../lib/native/config";

/** Deep tones that keep white initials above 4.5:1 in both themes. */
const AVATAR_TONES = ["#8a3319", "#1f4e8c", "#2f5d34", "#6b3a8a", "#8a2d5a", "#1d5e5a", "#6e4a12", "#4a4f8f"];

export interface UserAvatarProps {
  user: Pick<PublicUser, "id" | "firstName" | "lastName" | "username" | "avatarUrl">;
  size?: number;
}

/** The picture, or initials on a colour picked from the id. Decorative: the name sits beside it. */
export function UserAvatar({ user, size = 56 }: UserAvatarProps) {
  const [failed, setFailed] = useState(false);
  const name = displayName(user);
  const style = { width: size, height: size };
  if (user.avatarUrl && !failed) {
    return (
      <img
        src={fileUrl(user.avatarUrl)}
        alt=""
        width={size}
        height={size}
        loading="lazy"
        decoding="async"
        onError={() => setFailed(true)}
        className="shrink-0 rounded-full bg-sunken object-cover ring-2 ring-surface"
        style={style}
      />
    );
  }
  const tone = AVATAR_TONES[hashString(user.id) % AVATAR_TONES.length];
  return (
    <span
      aria-hidden="true"
      className="inline-flex shrink-0 select-none items-center justify-center rounded-full font-semibold text-white ring-2 ring-surface"
      style={{ ...style, backgroundColor: tone, fontSize: size * 0.36 }}
    >
      {initials(name) || <UserRound className="size-[55%]" strokeWidth={2.25} />}
    </span>
  );
}
