import { z } from "zod";
import { API_PATHS as P } from "../api-paths";
import {
  FONT_SIZES,
  LINE_HEIGHTS,
  READER_FONTS,
  READER_LAYOUTS,
  READER_MARGINS,
  READER_THEMES,
} from "../rules/reader-settings";
import { defineContract } from "./define-contract";

export { FONT_SIZES, LINE_HEIGHTS, READER_FONTS, READER_LAYOUTS, READER_MARGINS, READER_THEMES };

const oneOfNumbers = (name: string, allowed: readonly number[]) =>
  z.number().refine((value) => allowed.includes(value), { message: `${name} must be one of ${allowed.join(", ")}.` });

/** The reader's typography and layout: the same choices on every device of a signed-in reader. */
export const ReaderSettingsSchema = z
  .object({
    layout: z.enum(READER_LAYOUTS),
    theme: z.enum(READER_THEMES),
    font: z.enum(READER_FONTS),
    fontSize: oneOfNumbers("fontSize", FONT_SIZES),
    lineHeight: oneOfNumbers("lineHeight", LINE_HEIGHTS),
    margins: z.enum(READER_MARGINS),
  })
  .strict()
  .meta({ id: "ReaderSettings" });
export type ReaderSettings = z.infer<typeof ReaderSettingsSchema>;

/** `settings` is null until the reader first changes one (this device's own then stand). */
export const ReaderSettingsResponseSchema = z
  .object({ settings: ReaderSettingsSchema.nullable() })
  .meta({ id: "ReaderSettingsResponse" });
export type ReaderSettingsResponse = z.infer<typeof ReaderSettingsResponseSchema>;

export const readerSettingsContract = defineContract({
  "me.readerSettings": {
    method: "GET",
    path: P["me.readerSettings"],
    response: ReaderSettingsResponseSchema,
    errors: [401],
  },
  "me.updateReaderSettings": {
    method: "PUT",
    path: P["me.readerSettings"],
    body: ReaderSettingsSchema,
    response: ReaderSettingsResponseSchema,
    errors: [400, 401],
  },
});
