import type { PlusPricing } from "@quire/core";
import { Check, Sparkles } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Button, buttonClasses } from "../../../components/button";
import { ErrorState } from "../../../components/error-state";
import { FormAlert } from "../../../components/form-alert";
import { LoadingStatus, Skeleton } from "../../../components/skeleton";
import { useScreenTitle } from "../../../lib/screen-title";
import { useSession } from "../../auth";
import { formatMoney, useDisplayRegion } from "../../locale";
import { useJoinBeta, usePlusPricing } from "../queries";

const BENEFITS = [
  "Offline reading on every device",
  "Unlimited highlights, notes and exports",
  "Early access to new reading features",
];

export function PlusScreen() {
  useScreenTitle("Quire Plus");
  const region = useDisplayRegion();
  const pricing = usePlusPricing(region.currency);
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-8 px-4 py-10 md:px-6 md:py-14" data-testid="plus-screen">
      <header className="flex flex-col items-center gap-3 text-center">
        <span className="inline-flex items-center gap-2 rounded-full bg-accent/10 px-3 py-1 font-medium text-accent text-sm">
          <Sparkles aria-hidden className="size-4" /> Coming soon
        </span>
        <h1 className="font-semibold font-serif text-4xl text-ink tracking-tight md:text-5xl">Quire Plus</h1>
        <p className="max-w-xl text-ink-muted text-lg">
          A membership for readers who live in their books. No payments yet: join the beta and be the first to try it.
        </p>
      </header>
      {pricing.isPending || region.isDetecting ? (
        <PlansSkeleton />
      ) : pricing.isError ? (
        <ErrorState error={pricing.error} title="Prices could not be loaded" onRetry={() => void pricing.refetch()} />
      ) : (
        <Plans pricing={pricing.data} requested={region.currency} />
      )}
      <BetaCallToAction />
    </div>
  );
}

function Plans({ pricing, requested }: { pricing: PlusPricing; requested: string }) {
  const money = (amount: number) => formatMoney(amount, pricing.currency);
  const yearlySaving = Math.round((1 - pricing.usd.yearly / (pricing.usd.monthly * 12)) * 100);
  return (
    <section aria-labelledby="plans-title" className="flex flex-col gap-4">
      <h2 id="plans-title" className="sr-only">
        Plans
      </h2>
      <div className="grid gap-4 sm:grid-cols-2">
        <PlanCard name="Monthly" price={money(pricing.prices.monthly)} period="per month" />
        <PlanCard
          name="Yearly"
          price={money(pricing.prices.yearly)}
          period="per year"
          note={yearlySaving > 0 ? `Save ${yearlySaving}%` : undefined}
        />
      </div>
      <p className="text-center text-ink-muted text-sm" data-testid="plus-rates">
        Prices shown in {pricing.currency} · rates of {pricing.ratesDate}
      </p>
      {pricing.missingRate ? (
        <FormAlert tone="info">No exchange rate for {requested} yet, so prices are shown in US dollars.</FormAlert>
      ) : null}
      {pricing.stale && pricing.currency !== "USD" ? (
        <FormAlert tone="info">
          These exchange rates date from {pricing.ratesDate}, so the converted prices are approximate.
        </FormAlert>
      ) : null}
    </section>
  );
}

function PlanCard({ name, price, period, note }: { name: string; price: string; period: string; note?: string }) {
  return (
    <article className="flex flex-col gap-4 rounded-2xl border border-line bg-surface p-6 shadow-sm">
      <header className="flex items-center justify-between gap-2">
        <h3 className="font-semibold text-ink text-lg">{name}</h3>
        {note ? (
          <span className="rounded-full bg-accent/10 px-2.5 py-0.5 font-medium text-accent text-xs">{note}</span>
        ) : null}
      </header>
      <p className="flex items-baseline gap-2">
        <span className="font-semibold font-serif text-4xl text-ink" data-testid={`plus-price-${name.toLowerCase()}`}>
          {price}
        </span>
        <span className="text-ink-muted text-sm">{period}</span>
      </p>
      <ul className="flex flex-col gap-2 text-ink text-sm">
        {BENEFITS.map((benefit) => (
          <li key={benefit} className="flex items-start gap-2">
            <Check aria-hidden className="mt-0.5 size-4 shrink-0 text-accent" />
            {benefit}
          </li>
        ))}
      </ul>
    </article>
  );
}

function BetaCallToAction() {
  const session = useSession();
  const joinBeta = useJoinBeta();
  let action: ReactNode;
  if (session.status === "signed-in" && session.user) {
    action = session.user.signUpForBeta ? (
      <p role="status" className="font-medium text-accent">
        You're on the list
      </p>
    ) : (
      <Button onClick={() => joinBeta.mutate()} disabled={joinBeta.isPending}>
        {joinBeta.isPending ? "Joining…" : "Join the beta"}
      </Button>
    );
  } else {
    action = (
      <Link className={buttonClasses()} to="/auth/sign-up?beta=1">
        Join the beta
      </Link>
    );
  }
  return (
    <section className="flex flex-col items-center gap-3 rounded-2xl border border-line bg-sunken/60 p-6 text-center">
      <h2 className="font-semibold font-serif text-2xl text-ink">Try Plus first</h2>
      <p className="max-w-lg text-ink-muted">We'll tell beta readers when Quire Plus opens. Nothing is charged.</p>
      {action}
      {joinBeta.isError ? <FormAlert>{joinBeta.error.message}</FormAlert> : null}
    </section>
  );
}

function PlansSkeleton() {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <LoadingStatus label="Loading prices" />
      <Skeleton className="h-64 rounded-2xl" />
      <Skeleton className="h-64 rounded-2xl" />
    </div>
  );
}
