import {
  type AnyOnboardingAnswer,
  FAVOURITE_GENRES_MAX,
  type Me,
  nextOnboardingStep,
  ONBOARDING_STEPS,
  OnboardingAnswerSchemas,
  type OnboardingStep,
} from "@quire/core";
import { useMutation } from "@tanstack/react-query";
import { Check, Sparkles, UserPlus } from "lucide-react";
import { type FormEvent, type ReactNode, useId, useState } from "react";
import { Navigate, useNavigate, useParams, useSearchParams } from "react-router";
import { buttonClasses } from "../../components/button";
import { FormAlert } from "../../components/form-alert";
import { Skeleton } from "../../components/skeleton";
import { SubmitButton } from "../../components/submit-button";
import { CheckboxField, FieldError, TextField } from "../../components/text-field";
import { track } from "../../lib/analytics";
import { type ApiCall, api } from "../../lib/api-client";
import { errorMessage } from "../../lib/errors";
import { type FieldLabels, useFormErrors } from "../../lib/form-errors";
import { displayName } from "../../lib/format";
import { isNativeApp } from "../../lib/native/platform";
import { useScreenTitle } from "../../lib/screen-title";
import { RequireSession, safeNextPath } from "../auth";
import { useGenres } from "../catalog";
import { TermsLinks } from "../legal";
import { UserAvatar, useStoreMe, useSuggestedUsers } from "../users";
import { onboardingPath } from "./onboarding-gate";

const STEP_TITLES: Record<OnboardingStep, { title: string; description: string }> = {
  "first-name": { title: "What should we call you?", description: "Your name appears on your profile and reviews." },
  username: {
    title: "Pick your username",
    description: "Readers find you by it; your profile lives at /u/your-username.",
  },
  terms: { title: "A few promises", description: "How Quire treats your reading and your data." },
  genres: { title: "What do you like to read?", description: "Choose a few genres and we'll find books for you." },
  follow: { title: "Follow some readers", description: "See what they read, star and finish." },
};

function isStep(value: string | undefined): value is OnboardingStep {
  return (ONBOARDING_STEPS as readonly string[]).includes(value ?? "");
}

export function OnboardingScreen() {
  const { step } = useParams();
  useScreenTitle(isStep(step) ? STEP_TITLES[step].title : "Welcome");
  return <RequireSession>{(user) => <Onboarding user={user} step={step} />}</RequireSession>;
}

function Onboarding({ user, step }: { user: Me; step: string | undefined }) {
  const [searchParams] = useSearchParams();
  const next = safeNextPath(searchParams.get("next"));
  const navigate = useNavigate();
  const storeMe = useStoreMe();
  const platform = isNativeApp() ? "native" : "web";
  const answer = useMutation({
    mutationFn: ({ step: answered, body }: { step: OnboardingStep; body: AnyOnboardingAnswer }) =>
      // Each step's operation has its own body type; the step's form checked the body with that step's schema.
      api(`me.onboarding.${answered}`, { body } as ApiCall<`me.onboarding.${OnboardingStep}`>),
    onSuccess: ({ user: updated }, { step: answered }) => {
      track("onboarding_step", { step: answered });
      const following = nextOnboardingStep(updated.onboarding, updated, platform);
      // Navigate first so the gate never sees the finished user on an onboarding URL it would bounce.
      void navigate(following ? onboardingPath(following, next) : next, { replace: true, flushSync: true });
      storeMe(updated);
    },
  });

  if (user.onboarding.finished && !answer.isPending) return <Navigate to={next} replace />;
  if (!isStep(step)) {
    const first = nextOnboardingStep(user.onboarding, user, platform) ?? ONBOARDING_STEPS[0];
    return <Navigate to={onboardingPath(first, next)} replace />;
  }
  const index = ONBOARDING_STEPS.indexOf(step);
  const { title, description } = STEP_TITLES[step];
  const submit = (body: AnyOnboardingAnswer, onRefused?: (error: unknown) => void) => {
    if (!answer.isPending) answer.mutate({ step, body }, { onError: onRefused });
  };
  const props = { user, pending: answer.isPending, submit, failure: answer.isError ? answer.error : null };

  return (
    <div className="mx-auto flex w-full max-w-xl flex-col px-4 py-8 sm:py-12" data-testid={`onboarding-${step}`}>
      <ol className="mb-6 flex gap-1.5" aria-label={`Step ${index + 1} of ${ONBOARDING_STEPS.length}`}>
        {ONBOARDING_STEPS.map((s, i) => (
          <li
            key={s}
            aria-current={i === index ? "step" : undefined}
            className={`h-1.5 flex-1 rounded-full ${i <= index ? "bg-accent" : "bg-sunken"}`}
          >
            <span className="sr-only">{`${STEP_TITLES[s].title}${i < index ? " (done)" : ""}`}</span>
          </li>
        ))}
      </ol>
      <div className="rounded-3xl border border-line bg-surface p-5 shadow-card xs:p-7 sm:p-8">
        <p className="font-medium text-accent text-sm">
          Step {index + 1} of {ONBOARDING_STEPS.length}
        </p>
        <h1 className="mt-1 text-balance font-semibold font-serif text-2xl text-ink tracking-tight sm:text-3xl">
          {title}
        </h1>
        <p className="mt-2 text-ink-muted">{description}</p>
        <div className="mt-6 flex flex-col gap-5">
          {step === "first-name" ? <NameStep {...props} /> : null}
          {step === "username" ? <UsernameStep {...props} /> : null}
          {step === "terms" ? <TermsStep {...props} /> : null}
          {step === "genres" ? <GenresStep {...props} /> : null}
          {step === "follow" ? <FollowStep {...props} /> : null}
        </div>
      </div>
    </div>
  );
}

interface StepProps {
  user: Me;
  pending: boolean;
  /** Sends the step's answer; a refusal goes to `onRefused`, which shows it at its field. */
  submit: (body: AnyOnboardingAnswer, onRefused?: (error: unknown) => void) => void;
  /** The last answer's refusal, if it failed. */
  failure: unknown;
}

/** A step's fields, checked with the step's own contract schema before its answer is sent. */
function useStepForm<K extends string>(
  step: OnboardingStep,
  labels: FieldLabels<K>,
  { submit, failure }: Pick<StepProps, "submit" | "failure">,
) {
  const schema = OnboardingAnswerSchemas[step];
  const form = useFormErrors(labels, schema.shape);
  return {
    ...form,
    send: (values: unknown) => {
      const body = form.check<AnyOnboardingAnswer>(schema, values);
      if (body) submit(body, form.refuse);
    },
    alert: failure ? form.alert(failure) : undefined,
  };
}

function StepForm({
  onSubmit,
  children,
  label,
  alert,
}: {
  onSubmit: () => void;
  children: ReactNode;
  label: string;
  alert: string | undefined;
}) {
  return (
    <form
      noValidate
      aria-label={label}
      className="flex flex-col gap-5"
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      {alert ? <FormAlert>{alert}</FormAlert> : null}
      {children}
    </form>
  );
}

function Actions({ pending, label = "Continue", skip }: { pending: boolean; label?: string; skip?: () => void }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 pt-1">
      {skip ? (
        <button type="button" className={buttonClasses("ghost")} onClick={skip} disabled={pending}>
          Skip for now
        </button>
      ) : (
        <span />
      )}
      <SubmitButton pending={pending} pendingLabel="Saving…" testId="onboarding-continue">
        {label}
      </SubmitButton>
    </div>
  );
}

const NAME_LABELS = { firstName: "First name", lastName: "Last name" };

function NameStep({ user, pending, ...props }: StepProps) {
  const [firstName, setFirstName] = useState(user.firstName);
  const [lastName, setLastName] = useState(user.lastName);
  const form = useStepForm("first-name", NAME_LABELS, props);
  return (
    <StepForm label="Your name" alert={form.alert} onSubmit={() => form.send({ firstName, lastName })}>
      <TextField
        {...form.field("firstName")}
        label={NAME_LABELS.firstName}
        autoComplete="given-name"
        value={firstName}
        onChange={(event) => setFirstName(event.target.value)}
      />
      <TextField
        {...form.field("lastName")}
        label={`${NAME_LABELS.lastName} (optional)`}
        autoComplete="family-name"
        value={lastName}
        onChange={(event) => setLastName(event.target.value)}
      />
      <Actions pending={pending} />
    </StepForm>
  );
}

const USERNAME_LABELS = { username: "Username" };

function UsernameStep({ user, pending, ...props }: StepProps) {
  const [username, setUsername] = useState(user.username);
  const form = useStepForm("username", USERNAME_LABELS, props);
  return (
    <StepForm label="Your username" alert={form.alert} onSubmit={() => form.send({ username })}>
      <TextField
        {...form.field("username")}
        label={USERNAME_LABELS.username}
        autoComplete="username"
        autoCapitalize="off"
        autoCorrect="off"
        spellCheck={false}
        value={username}
        onChange={(event) => setUsername(event.target.value)}
        hint="3 to 40 lowercase letters, digits, dots or underscores."
      />
      <Actions pending={pending} />
    </StepForm>
  );
}

const TERMS_LABELS = { acceptedTerms: "Terms of use", acceptedTracking: "Usage statistics" };

function TermsStep({ user, pending, ...props }: StepProps) {
  const [acceptedTerms, setAcceptedTerms] = useState(user.acceptedTerms);
  const [acceptedTracking, setAcceptedTracking] = useState(user.acceptedTracking);
  const form = useStepForm("terms", TERMS_LABELS, props);
  return (
    <StepForm
      label="Terms and tracking"
      alert={form.alert}
      onSubmit={() => form.send({ acceptedTerms, acceptedTracking })}
    >
      <CheckboxField
        {...form.field("acceptedTerms")}
        label="I accept the terms of use"
        description={
          <>
            Be kind, share only what you may share, and respect authors' work. <TermsLinks />
          </>
        }
        checked={acceptedTerms}
        onChange={(event) => setAcceptedTerms(event.target.checked)}
      />
      <CheckboxField
        {...form.field("acceptedTracking")}
        label="Help improve Quire with usage statistics"
        description="Optional. You can change this at any time in settings."
        checked={acceptedTracking}
        onChange={(event) => setAcceptedTracking(event.target.checked)}
      />
      <Actions pending={pending} />
    </StepForm>
  );
}

const GENRE_LABELS = { genreIds: "Genres" };

function GenresStep({ user, pending, ...props }: StepProps) {
  const genres = useGenres();
  const [chosen, setChosen] = useState<string[]>(user.favouriteGenres);
  const form = useStepForm("genres", GENRE_LABELS, props);
  const { error, ref } = form.field("genreIds");
  const errorId = useId();
  const toggle = (id: string) =>
    setChosen((current) => (current.includes(id) ? current.filter((g) => g !== id) : [...current, id]));
  return (
    <StepForm label="Favourite genres" alert={form.alert} onSubmit={() => form.send({ genreIds: chosen })}>
      {genres.isPending ? (
        <div className="flex flex-wrap gap-2" role="status" aria-label="Loading genres">
          {["a", "b", "c", "d", "e", "f"].map((key) => (
            <Skeleton key={key} className="h-10 w-28 rounded-full" />
          ))}
        </div>
      ) : genres.isError ? (
        <FormAlert>{errorMessage(genres.error)}</FormAlert>
      ) : (
        <fieldset
          ref={ref}
          tabIndex={-1}
          aria-describedby={error ? errorId : undefined}
          className="flex flex-wrap gap-2"
        >
          <legend className="sr-only">{GENRE_LABELS.genreIds}</legend>
          {genres.data.map((genre) => {
            const on = chosen.includes(genre.id);
            return (
              <button
                key={genre.id}
                type="button"
                aria-pressed={on}
                onClick={() => toggle(genre.id)}
                className={`inline-flex min-h-10 items-center gap-1.5 rounded-full border px-4 font-medium text-sm transition-colors ${
                  on
                    ? "border-accent bg-accent-soft text-accent-soft-ink"
                    : "border-line-strong text-ink hover:bg-sunken"
                }`}
              >
                {on ? <Check aria-hidden="true" className="size-4" /> : null}
                {genre.displayName}
              </button>
            );
          })}
        </fieldset>
      )}
      {error ? <FieldError id={errorId}>{error}</FieldError> : null}
      <p className="text-ink-muted text-sm" aria-live="polite">
        {chosen.length ? `${chosen.length} chosen` : `Pick up to ${FAVOURITE_GENRES_MAX}.`}
      </p>
      <Actions pending={pending} skip={() => form.send({ genreIds: [] })} />
    </StepForm>
  );
}

function FollowStep({ pending, submit, failure }: StepProps) {
  const suggested = useSuggestedUsers();
  const [chosen, setChosen] = useState<string[]>([]);
  const toggle = (id: string) =>
    setChosen((current) => (current.includes(id) ? current.filter((u) => u !== id) : [...current, id]));
  return (
    <StepForm
      label="People to follow"
      alert={failure ? errorMessage(failure) : undefined}
      onSubmit={() => submit({ userIds: chosen })}
    >
      {suggested.isPending ? (
        <ul className="flex flex-col gap-3" aria-label="Loading suggestions">
          {["a", "b", "c", "d"].map((key) => (
            <li key={key}>
              <Skeleton className="h-16 w-full rounded-2xl" />
            </li>
          ))}
        </ul>
      ) : suggested.isError ? (
        <FormAlert>{errorMessage(suggested.error)}</FormAlert>
      ) : suggested.data.length === 0 ? (
        <p className="flex items-center gap-2 text-ink-muted">
          <Sparkles aria-hidden="true" className="size-4" /> No suggestions yet: you are one of our first readers.
        </p>
      ) : (
        <ul className="flex flex-col gap-3">
          {suggested.data.map((person) => {
            const on = chosen.includes(person.id);
            const name = displayName(person);
            return (
              <li key={person.id} className="flex items-center gap-3 rounded-2xl border border-line p-3">
                <UserAvatar user={person} size={44} />
                <div className="min-w-0 flex-1">
                  <p className="truncate font-medium text-ink">{name}</p>
                  <p className="truncate text-ink-muted text-sm">@{person.username}</p>
                </div>
                <button
                  type="button"
                  aria-pressed={on}
                  aria-label={`${on ? "Unfollow" : "Follow"} ${name}`}
                  onClick={() => toggle(person.id)}
                  className={buttonClasses(on ? "secondary" : "primary", "sm")}
                >
                  {on ? (
                    <Check aria-hidden="true" className="size-4" />
                  ) : (
                    <UserPlus aria-hidden="true" className="size-4" />
                  )}
                  {on ? "Following" : "Follow"}
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <Actions pending={pending} label="Finish" skip={() => submit({ userIds: [] })} />
    </StepForm>
  );
}
