import { type Me, type ProfileUpdate, ProfileUpdateSchema } from "@quire/core";
import { UserRoundPen } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Link } from "react-router";
import { buttonClasses } from "../../../components/button";
import { FormAlert } from "../../../components/form-alert";
import { SubmitButton } from "../../../components/submit-button";
import { CheckboxField, TextAreaField, TextField } from "../../../components/text-field";
import { useFormErrors } from "../../../lib/form-errors";
import { useScreenTitle } from "../../../lib/screen-title";
import { RequireSession } from "../../auth";
import { ProfileImages } from "../components/profile-images";
import { useUpdateProfile } from "../profile-mutations";

const LABELS = {
  firstName: "First name",
  lastName: "Last name",
  username: "Username",
  description: "About you",
  location: "Location",
  instagram: "Instagram",
  x: "X",
};
const SHAPE = { ...ProfileUpdateSchema.shape, ...ProfileUpdateSchema.shape.social.unwrap().shape };

export function EditProfileScreen() {
  useScreenTitle("Edit profile");
  return <RequireSession>{(user) => <EditProfile user={user} />}</RequireSession>;
}

type Values = Required<Pick<ProfileUpdate, "firstName" | "lastName" | "username" | "description" | "location">> & {
  instagram: string;
  x: string;
  signUpForBeta: boolean;
};

function valuesOf(user: Me): Values {
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    username: user.username,
    description: user.description,
    location: user.location ?? "",
    instagram: user.social.instagram ?? "",
    x: user.social.x ?? "",
    signUpForBeta: user.signUpForBeta,
  };
}

function EditProfile({ user }: { user: Me }) {
  const update = useUpdateProfile();
  const form = useFormErrors(LABELS, SHAPE);
  const [values, setValues] = useState(() => valuesOf(user));
  const set =
    <K extends keyof Values>(key: K) =>
    (value: Values[K]) =>
      setValues((current) => ({ ...current, [key]: value }));
  const text = (key: Exclude<keyof Values, "signUpForBeta">) => ({
    ...form.field(key),
    value: values[key],
    onChange: (event: { target: { value: string } }) => set(key)(event.target.value),
  });
  const handle = { autoCapitalize: "off", spellCheck: false, placeholder: "@handle" } as const;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (update.isPending) return;
    const { instagram, x, ...rest } = values;
    const body = form.check(ProfileUpdateSchema, { ...rest, social: { instagram, x } });
    if (body) update.mutate(body, { onError: form.refuse });
  };

  const failure = update.isError ? form.alert(update.error) : undefined;

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-8 md:px-6 md:py-12" data-testid="edit-profile">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div className="flex flex-col gap-1">
          <h1 className="font-semibold font-serif text-3xl text-ink tracking-tight sm:text-4xl">Edit profile</h1>
          <p className="text-ink-muted">What other readers see on your page.</p>
        </div>
        <Link to={`/u/${user.username}`} className={buttonClasses("secondary", "sm")}>
          View profile
        </Link>
      </header>

      <ProfileImages user={user} />

      <form
        noValidate
        onSubmit={onSubmit}
        aria-label="Profile details"
        className="flex flex-col gap-5 rounded-2xl border border-line bg-surface p-5 shadow-card sm:p-7"
      >
        <h2 className="flex items-center gap-2 font-semibold font-serif text-ink text-xl">
          <UserRoundPen aria-hidden="true" className="size-5 text-accent" />
          Details
        </h2>
        {failure ? <FormAlert>{failure}</FormAlert> : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label={LABELS.firstName} autoComplete="given-name" {...text("firstName")} />
          <TextField label={LABELS.lastName} autoComplete="family-name" {...text("lastName")} />
        </div>
        <TextField
          label={LABELS.username}
          autoCapitalize="off"
          autoCorrect="off"
          spellCheck={false}
          {...text("username")}
          hint="3 to 40 lowercase letters, digits, dots or underscores."
        />
        <TextAreaField
          label={LABELS.description}
          rows={4}
          {...text("description")}
          placeholder="The books that made you, what you read now…"
        />
        <TextField label={LABELS.location} autoComplete="address-level2" {...text("location")} />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label={LABELS.instagram} {...handle} {...text("instagram")} />
          <TextField label={LABELS.x} {...handle} {...text("x")} />
        </div>
        <CheckboxField
          name="signUpForBeta"
          label="Try new features early"
          description="Join the beta: new reading tools arrive for you first."
          checked={values.signUpForBeta}
          onChange={(event) => set("signUpForBeta")(event.target.checked)}
        />
        <div role="status" className="empty:hidden">
          {update.isSuccess ? (
            <FormAlert tone="success" live={false} testId="profile-saved">
              Your profile has been saved.
            </FormAlert>
          ) : null}
        </div>
        <SubmitButton pending={update.isPending} pendingLabel="Saving…" className="self-start" testId="save-profile">
          Save profile
        </SubmitButton>
      </form>
    </div>
  );
}
