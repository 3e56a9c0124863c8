/** The profile image formats SPEC §5 allows, as sharp names them. */
export type ProfileImageFormat = "jpeg" | "png" | "webp";

export const FORMAT_FILES: Record<ProfileImageFormat, { extension: string; contentType: string }> = {
  jpeg: { extension: "jpg", contentType: "image/jpeg" },
  png: { extension: "png", contentType: "image/png" },
  webp: { extension: "webp", contentType: "image/webp" },
};

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/**
 * The format the file's first bytes announce (its magic numbers), whatever its name or the
 * Content-Type the client sent: DESIGN.md §7 checks uploads by content.
 */
export function sniffImageFormat(bytes: Uint8Array): ProfileImageFormat | undefined {
  const startsWith = (signature: number[], at = 0) => signature.every((byte, index) => bytes[at + index] === byte);
  const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));
  if (startsWith([0xff, 0xd8, 0xff])) return "jpeg";
  if (startsWith(PNG_SIGNATURE)) return "png";
  if (startsWith(ascii("RIFF")) && startsWith(ascii("WEBP"), 8)) return "webp";
  return undefined;
}
