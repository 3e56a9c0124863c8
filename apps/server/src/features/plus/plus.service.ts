import {
  BETA_SIGNUPS_PAGE_SIZE,
  type BetaSignup,
  localPrice,
  type Page,
  PLUS_RATES_STALE_DAYS,
  type PlusPricing,
} from "@quire/core";
import { presentBetaSignup } from "./plus.presenter";
import type { PlusRepository } from "./plus.repository";
import { bundledRates, type RatesTable } from "./rates";

export interface PlanPrices {
  monthly: number;
  yearly: number;
}

const DAY_MS = 86_400_000;

export class PlusService {
  constructor(
    private readonly deps: {
      repository: PlusRepository;
      prices: PlanPrices;
      clock: () => Date;
      requireAdmin: (userId: string) => Promise<unknown>;
    },
  ) {}

  /** The prices in USD and in `currency` when the rates know it (else USD, with `missingRate`). */
  async pricing(currency: string | undefined): Promise<PlusPricing> {
    const table = await this.rates();
    const { prices } = this.deps;
    const rate = currency === undefined ? 1 : table.rates[currency];
    const shown = rate === undefined ? "USD" : (currency ?? "USD");
    const convert = (usd: number) => (shown === "USD" ? usd : localPrice(usd, rate ?? 1, shown));
    const ageDays = (this.deps.clock().getTime() - Date.parse(`${table.date}T00:00:00Z`)) / DAY_MS;
    return {
      usd: { ...prices },
      currency: shown,
      prices: { monthly: convert(prices.monthly), yearly: convert(prices.yearly) },
      missingRate: rate === undefined,
      ratesDate: table.date,
      stale: ageDays > PLUS_RATES_STALE_DAYS,
      rates: table.rates,
    };
  }

  /** An imported table wins over the bundled one. */
  async rates(): Promise<RatesTable> {
    return (await this.deps.repository.latestRates()) ?? bundledRates();
  }

  async importRates(table: RatesTable): Promise<void> {
    await this.deps.repository.saveRates(table, this.deps.clock());
  }

  async requireAdmin(userId: string): Promise<void> {
    await this.deps.requireAdmin(userId);
  }

  async betaSignups(cursor: string | undefined): Promise<Page<BetaSignup>> {
    const page = await this.deps.repository.betaSignups(cursor, BETA_SIGNUPS_PAGE_SIZE);
    return { items: page.items.map(presentBetaSignup), nextCursor: page.nextCursor };
  }
}
