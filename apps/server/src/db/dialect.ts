/** The two databases Quire runs on. Code that must differ between them branches on this, here or in a repository. */
export type DialectName = "sqlite" | "postgres";

export function dialectOf(databaseUrl: string | undefined): DialectName {
  return databaseUrl && /^postgres(ql)?:\/\//.test(databaseUrl) ? "postgres" : "sqlite";
}
