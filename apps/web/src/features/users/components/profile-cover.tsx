import type { PublicUser } from "@quire/core";
import { useState } from "react";
import { hashString } from "../../../lib/format";
import { fileUrl } from "../../../lib/native/config";

/** Warm gradients for people without a cover picture, picked from the id so each profile keeps its own. */
const COVER_GRADIENTS = [
  "linear-gradient(135deg, #8a3319 0%, #d08a4e 100%)",
  "linear-gradient(135deg, #1f4e8c 0%, #6f9fd8 100%)",
  "linear-gradient(135deg, #2f5d34 0%, #8cb48a 100%)",
  "linear-gradient(135deg, #6b3a8a 0%, #c08bd8 100%)",
];

/** The wide banner at the top of a profile: the uploaded cover, or a gradient. Decorative. */
export function ProfileCover({ user }: { user: Pick<PublicUser, "id" | "coverUrl"> }) {
  const [failed, setFailed] = useState(false);
  return (
    <div
      className="aspect-[3/1] w-full overflow-hidden rounded-2xl bg-sunken"
      style={{ backgroundImage: COVER_GRADIENTS[hashString(user.id) % COVER_GRADIENTS.length] }}
      data-testid="profile-cover"
    >
      {user.coverUrl && !failed ? (
        <img
          src={fileUrl(user.coverUrl)}
          alt=""
          className="size-full object-cover"
          decoding="async"
          onError={() => setFailed(true)}
        />
      ) : null}
    </div>
  );
}
