import { loadConfig } from "./config";
import { createContext } from "./context";
import { migrateToLatest } from "./db/migrator";
import { runImportCommand } from "./features/epub/import-command";
import { runRatesCommand } from "./features/plus";
import { runSearchCommand } from "./features/search/search-command";
import { runAdminCommand } from "./features/studio/admin-grant";
import { closeOnSignals, startServer } from "./main";
import { seedDemoContent } from "./seed/seed";

const USAGE = `Usage: quire <command>

Commands:
  start     migrate, seed the demo on first run, and serve Quire (PORT, default 3000)
  migrate   apply pending database migrations
  seed      add the demo content if it is not there yet
  import    import an EPUB (file or http/https URL) as a public-domain book:
            import <file.epub|url> [--featured] [--category <id>]…
  admin     admin grant <email>: make the account with this email an administrator
  search    search reindex: rebuild the search index of books and people from the tables
  rates     rates import <file.csv>: store exchange rates for Quire Plus prices (date,currency,rate per USD)
  help      show this text`;

async function withContext<T>(work: (ctx: ReturnType<typeof createContext>) => Promise<T>): Promise<T> {
  const ctx = createContext(loadConfig());
  try {
    return await work(ctx);
  } finally {
    await ctx.database.destroy();
  }
}

async function run(command: string | undefined): Promise<number> {
  switch (command) {
    case "start": {
      const server = await startServer(loadConfig());
      closeOnSignals(server);
      // A plain line for people; the JSON log line is for machines.
      console.log(`\nQuire is ready at ${server.url.replace("0.0.0.0", "localhost")}\n`);
      return -1;
    }
    case "migrate":
      return withContext(async (ctx) => {
        const applied = await migrateToLatest(ctx.database.db, ctx.database.dialect);
        console.log(applied.length ? `Applied: ${applied.join(", ")}` : "Database is up to date.");
        return 0;
      });
    case "import":
      return withContext((ctx) => runImportCommand(ctx, process.argv.slice(3)));
    case "admin":
      return withContext((ctx) => runAdminCommand(ctx.database.db, process.argv.slice(3), ctx.clock()));
    case "search":
      return withContext((ctx) => runSearchCommand(ctx, process.argv.slice(3)));
    case "rates":
      return withContext((ctx) => runRatesCommand(ctx, process.argv.slice(3)));
    case "seed":
      return withContext(async (ctx) => {
        await migrateToLatest(ctx.database.db, ctx.database.dialect);
        const result = await seedDemoContent({ db: ctx.database.db, storage: ctx.storage, now: ctx.clock() });
        console.log(
          result.seeded ? `Seeded ${result.books} books and ${result.users} users.` : "Demo content is already there.",
        );
        return 0;
      });
    case undefined:
    case "help":
    case "--help":
      console.log(USAGE);
      return command === undefined ? 1 : 0;
    default:
      console.error(`Unknown command: ${command}\n\n${USAGE}`);
      return 1;
  }
}

run(process.argv[2]).then(
  (code) => {
    if (code >= 0) process.exit(code);
  },
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
