import { z } from "zod";
import { API_PATHS as P } from "../api-paths";
import { defineContract } from "./define-contract";

/** How many exports one reader may download per hour: each one builds every authored book's EPUB. */
export const DATA_EXPORTS_PER_HOUR = 5;

export const exportContract = defineContract({
  "me.export": {
    method: "GET",
    path: P["me.export"],
    response: z.any().meta({
      description:
        "The signed-in reader's data as a zip (application/zip): profile, lists, progress, stars, follows, " +
        "annotations as JSON, their own books as EPUB, and a README.txt.",
    }),
    errors: [401, 429],
  },
});
