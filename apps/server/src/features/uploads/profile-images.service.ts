import { AppError, type Me, type ProfileImageKind, type ProfileImageResponse, type ThumbnailSize } from "@quire/core";
import type { Logger } from "pino";
import type { FileStorage } from "../../infra/storage";
import { FORMAT_FILES } from "./image-format";
import { prepareProfileImage, renderThumbnail, THUMBNAIL_PX } from "./image-processing";
import { isOwnProfileImageKey, profileImageKey, thumbnailKey } from "./profile-image-keys";
import type { ProfileImagesRepository } from "./profile-images.repository";

export interface ProfileImagesDeps {
  repository: ProfileImagesRepository;
  storage: FileStorage;
  logger: Logger;
  clock: () => Date;
  maxPixels: number;
  getMe: (userId: string) => Promise<Me>;
  /** Called after a profile changed, so cached public reads (newest users, profiles) show it. */
  onProfileChanged: () => void;
}

const SIZES = Object.keys(THUMBNAIL_PX) as ThumbnailSize[];

/** Avatars and cover images: checked by content, stripped of metadata, stored with thumbnails. */
export class ProfileImagesService {
  constructor(private readonly deps: ProfileImagesDeps) {}

  async save(
    userId: string,
    kind: ProfileImageKind,
    bytes: Uint8Array,
    fileName: string,
  ): Promise<ProfileImageResponse> {
    const { storage, clock, maxPixels } = this.deps;
    const image = await prepareProfileImage(bytes, maxPixels);
    const now = clock();
    const key = profileImageKey(kind, userId, now, fileName, image.format);
    const url = await storage.put(key, image.bytes, FORMAT_FILES[image.format].contentType);
    const thumbnails = await this.storeThumbnails(key, url, image.bytes);
    const replaced = await this.deps.repository.replaceUrl(userId, kind, url, now.toISOString());
    if (!replaced) {
      await this.removeImage(key);
      throw AppError.of("userDocumentNotFound");
    }
    this.deps.onProfileChanged();
    if (replaced.previous) await this.removeReplaced(replaced.previous, key, kind, userId);
    return { user: await this.deps.getMe(userId), url, thumbnails };
  }

  /** SPEC §7: a thumbnail that cannot be made or stored is logged, and the original's URL stands in for it. */
  private async storeThumbnails(key: string, url: string, image: Buffer): Promise<Record<ThumbnailSize, string>> {
    const entries = await Promise.all(
      SIZES.map(async (size) => {
        try {
          const thumbnail = await renderThumbnail(image, size, this.deps.maxPixels);
          return [size, await this.deps.storage.put(thumbnailKey(key, size), thumbnail, "image/jpeg")] as const;
        } catch (err) {
          this.deps.logger.error({ err, key, size }, "thumbnail failed; the original image is used instead");
          return [size, url] as const;
        }
      }),
    );
    return Object.fromEntries(entries) as Record<ThumbnailSize, string>;
  }

  /** The replaced image and its thumbnails go; a failure only leaves files behind, so it is logged, not thrown. */
  private async removeReplaced(previousUrl: string, newKey: string, kind: ProfileImageKind, userId: string) {
    const key = this.deps.storage.keyForUrl(previousUrl);
    if (!key || key === newKey || !isOwnProfileImageKey(key, kind, userId)) return;
    try {
      await this.removeImage(key);
    } catch (err) {
      this.deps.logger.warn({ err, key }, "could not remove a replaced profile image");
    }
  }

  private async removeImage(key: string): Promise<void> {
    await Promise.all([key, ...SIZES.map((size) => thumbnailKey(key, size))].map((k) => this.deps.storage.remove(k)));
  }
}
