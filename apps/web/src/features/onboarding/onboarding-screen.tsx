import {
  type AnyOnboardingAnswer,
  type Me,
  nextOnboardingStep,
  ONBOARDING_STEPS,
  type OnboardingStep,
} from "@quire/core";
import { apiPath } from "@quire/core/api-paths";
import { useMutation } from "@tanstack/react-query";
import { Check, Sparkles, UserPlus } from "lucide-react";
import { type FormEvent, type ReactNode, useState } from "react";
import { Navigate, useNavigate, useParams, useSearchParams } from "react-router";
import { buttonClasses } from "../../components/button";
import { FormAlert } from "../../components/form-alert";
import { Skeleton } from "../../components/skeleton";
import { SubmitButton } from "../../components/submit-button";
import { CheckboxField, TextField } from "../../components/text-field";
import { apiPost } from "../../lib/api-client";
import { errorMessage, isAppError } from "../../lib/errors";
import { displayName } from "../../lib/format";
import { isNativeApp } from "../../lib/platform";
import { useScreenTitle } from "../../lib/screen-title";
import { RequireSession } from "../auth/components/require-session";
import { safeNextPath } from "../auth/next-path";
import { TERMS_REQUIRED_MESSAGE } from "../auth/validation";
import { useGenres } from "../catalog/queries";
import { UserAvatar } from "../users/components/user-avatar";
import { useStoreMe, useSuggestedUsers } from "../users/profile-mutations";
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
    mutationFn: (body: AnyOnboardingAnswer) =>
      apiPost<{ user: Me }>(apiPath("me.onboarding", { step: step ?? "" }), body),
    onSuccess: ({ user: updated }) => {
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
  const failure = answer.isError ? answer.error : null;
  const submit = (body: AnyOnboardingAnswer) => {
    if (!answer.isPending) answer.mutate(body);
  };
  const props = { user, pending: answer.isPending, submit };

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
          {failure && !isFieldError(failure) ? <FormAlert>{errorMessage(failure)}</FormAlert> : null}
          {step === "first-name" ? <NameStep {...props} error={fieldError(failure)} /> : null}
          {step === "username" ? <UsernameStep {...props} error={fieldError(failure)} /> : null}
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
  submit: (body: AnyOnboardingAnswer) => void;
  error?: string | undefined;
}

const isFieldError = (error: unknown) =>
  isAppError(error) && (error.code === "invalid-argument" || error.code === "already-exists");
const fieldError = (error: unknown) => (isFieldError(error) ? errorMessage(error) : undefined);

function StepForm({ onSubmit, children, label }: { onSubmit: () => void; children: ReactNode; label: string }) {
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

function NameStep({ user, pending, submit, error }: StepProps) {
  const [firstName, setFirstName] = useState(user.firstName);
  const [lastName, setLastName] = useState(user.lastName);
  const [missing, setMissing] = useState(false);
  return (
    <StepForm
      label="Your name"
      onSubmit={() => {
        setMissing(!firstName.trim());
        if (firstName.trim()) submit({ firstName, lastName });
      }}
    >
      <TextField
        label="First name"
        name="firstName"
        autoComplete="given-name"
        required
        value={firstName}
        onChange={(event) => setFirstName(event.target.value)}
        error={missing ? "Tell us your first name." : error}
      />
      <TextField
        label="Last name (optional)"
        name="lastName"
        autoComplete="family-name"
        value={lastName}
        onChange={(event) => setLastName(event.target.value)}
      />
      <Actions pending={pending} />
    </StepForm>
  );
}

function UsernameStep({ user, pending, submit, error }: StepProps) {
  const [username, setUsername] = useState(user.username);
  return (
    <StepForm label="Your username" onSubmit={() => submit({ username })}>
      <TextField
        label="Username"
        name="username"
        autoComplete="username"
        autoCapitalize="off"
        autoCorrect="off"
        spellCheck={false}
        value={username}
        onChange={(event) => setUsername(event.target.value)}
        hint="3 to 40 lowercase letters, digits, dots or underscores."
        error={error}
      />
      <Actions pending={pending} />
    </StepForm>
  );
}

function TermsStep({ user, pending, submit }: StepProps) {
  const [acceptedTerms, setAcceptedTerms] = useState(user.acceptedTerms);
  const [acceptedTracking, setAcceptedTracking] = useState(user.acceptedTracking);
  const [refused, setRefused] = useState(false);
  return (
    <StepForm
      label="Terms and tracking"
      onSubmit={() => {
        setRefused(!acceptedTerms);
        if (acceptedTerms) submit({ acceptedTerms: true, acceptedTracking });
      }}
    >
      <CheckboxField
        name="acceptedTerms"
        label="I accept the terms of use"
        description="Be kind, share only what you may share, and respect authors' work."
        checked={acceptedTerms}
        onChange={(event) => setAcceptedTerms(event.target.checked)}
        error={refused ? TERMS_REQUIRED_MESSAGE : undefined}
      />
      <CheckboxField
        name="acceptedTracking"
        label="Help improve Quire with anonymous usage statistics"
        description="Optional. You can change this at any time in settings."
        checked={acceptedTracking}
        onChange={(event) => setAcceptedTracking(event.target.checked)}
      />
      <Actions pending={pending} />
    </StepForm>
  );
}

function GenresStep({ user, pending, submit }: StepProps) {
  const genres = useGenres();
  const [chosen, setChosen] = useState<string[]>(user.favouriteGenres);
  const toggle = (id: string) =>
    setChosen((current) => (current.includes(id) ? current.filter((g) => g !== id) : [...current, id]));
  return (
    <StepForm label="Favourite genres" onSubmit={() => submit({ genreIds: chosen })}>
      {genres.isPending ? (
        <div className="flex flex-wrap gap-2" role="status" aria-label="Loading genres">
          {["a", "b", "c", "d", "e", "f"].map((key) => (
            <Skeleton key={key} className="h-10 w-28 rounded-full" />
          ))}
        </div>
      ) : genres.isError ? (
        <FormAlert>{errorMessage(genres.error)}</FormAlert>
      ) : (
        <fieldset className="flex flex-wrap gap-2">
          <legend className="sr-only">Genres</legend>
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
      <p className="text-ink-muted text-sm" aria-live="polite">
        {chosen.length ? `${chosen.length} chosen` : "Pick as many as you like."}
      </p>
      <Actions pending={pending} skip={() => submit({ genreIds: [] })} />
    </StepForm>
  );
}

function FollowStep({ pending, submit }: StepProps) {
  const suggested = useSuggestedUsers();
  const [chosen, setChosen] = useState<string[]>([]);
  const toggle = (id: string) =>
    setChosen((current) => (current.includes(id) ? current.filter((u) => u !== id) : [...current, id]));
  return (
    <StepForm label="People to follow" onSubmit={() => submit({ userIds: chosen })}>
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
