export interface DatabaseHandle {
  dialect: "sqlite" | "postgres";
}
