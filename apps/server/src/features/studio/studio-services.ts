import type { AppContext } from "../../context";
import { subsystemLogger } from "../../logger";
import { BookCoverService } from "./book-cover.service";
import { BookExportRepository } from "./book-export.repository";
import { BookExportService } from "./book-export.service";
import { BookLaunchService } from "./book-launch.service";
import { StudioRepository } from "./studio.repository";
import { StudioAccess } from "./studio-access";
import { StudioBooksService } from "./studio-books.service";
import { StudioChaptersService } from "./studio-chapters.service";

export interface StudioServices {
  access: StudioAccess;
  books: StudioBooksService;
  chapters: StudioChaptersService;
  covers: BookCoverService;
  launches: BookLaunchService;
  exports: BookExportService;
}

export interface StudioHooks {
  /** A change visitors can see: clears the public read cache. */
  onPublicChange: () => void;
  /** User events were written (launches): the event worker can deliver them now. */
  onEventsWritten: () => void;
}

/** The studio's services on one context, shared by the routes and the launch worker. */
export function createStudioServices(ctx: AppContext, hooks: StudioHooks): StudioServices {
  const { onPublicChange, onEventsWritten } = hooks;
  const logger = subsystemLogger(ctx.logger, "server:studio");
  const repository = new StudioRepository(ctx.database.db);
  const access = new StudioAccess(repository);
  const books = new StudioBooksService({ repository, access, clock: ctx.clock, onPublicChange });
  return {
    access,
    books,
    chapters: new StudioChaptersService({ repository, access, books, clock: ctx.clock, onPublicChange }),
    covers: new BookCoverService({
      repository,
      access,
      books,
      storage: ctx.storage,
      logger,
      clock: ctx.clock,
      maxPixels: ctx.config.images.maxPixels,
      onPublicChange,
    }),
    launches: new BookLaunchService({
      repository,
      access,
      books,
      clock: ctx.clock,
      logger,
      onPublicChange,
      onEventsWritten,
    }),
    exports: new BookExportService({
      repository: new BookExportRepository(ctx.database.db),
      access,
      storage: ctx.storage,
    }),
  };
}
