import { ChangePasswordRequestSchema, type Me } from "@quire/core";
import { BadgeCheck, LogOut, MailWarning, PencilLine, PenLine } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Link } from "react-router";
import { buttonClasses } from "../../../components/button";
import { FormAlert } from "../../../components/form-alert";
import { SettingsCard } from "../../../components/settings-card";
import { SubmitButton } from "../../../components/submit-button";
import { CheckboxField, PasswordField } from "../../../components/text-field";
import { ThemeChoice } from "../../../components/theme-controls";
import { errorMessage } from "../../../lib/errors";
import { useFormErrors } from "../../../lib/form-errors";
import { displayName, formatDate } from "../../../lib/format";
import { useScreenTitle } from "../../../lib/screen-title";
import { DeleteAccountSection } from "../../account-deletion";
import { AnnotationsExportSection } from "../../annotations";
import { PASSWORD_RULE_HINT, RequireSession, useChangePassword, useSignOut } from "../../auth";
import { RegionCard } from "../../locale";
import { PlusSettingsCard } from "../../plus";
import { NotificationPreferencesSection, PushSettingsSection } from "../../push";
import { UserAvatar, useUpdateProfile } from "../../users";
import { DataExportCard } from "../components/data-export-card";
import { DevicesCard } from "../components/devices-card";
import { InviteCard } from "../components/invite-card";

export function SettingsScreen() {
  useScreenTitle("Settings");
  return <RequireSession>{(user) => <Settings user={user} />}</RequireSession>;
}

function Settings({ user }: { user: Me }) {
  return (
    <div
      className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-8 md:gap-8 md:px-6 md:py-12"
      data-testid="account-settings"
    >
      <header className="flex flex-col gap-1">
        <h1 className="font-semibold font-serif text-3xl text-ink tracking-tight sm:text-4xl">Settings</h1>
        <p className="text-ink-muted">Your profile, look, privacy, notifications, password and account.</p>
      </header>
      <ProfileCard user={user} />
      <AppearanceCard />
      <RegionCard />
      <PlusSettingsCard onBetaList={user.signUpForBeta} />
      <PrivacyCard user={user} />
      <InviteCard username={user.username} nReferredUsers={user.nReferredUsers} />
      <PushSettingsSection userId={user.id} />
      <NotificationPreferencesSection />
      <AnnotationsExportSection />
      <DataExportCard />
      <DevicesCard username={user.username} />
      <ChangePasswordCard email={user.email} />
      <SignOutCard />
      <DeleteAccountSection />
    </div>
  );
}

function ProfileCard({ user }: { user: Me }) {
  const name = displayName(user);
  return (
    <SettingsCard id="profile" title="Profile">
      <div className="flex min-w-0 items-center gap-4">
        <UserAvatar user={user} size={64} />
        <div className="min-w-0">
          <p className="truncate font-semibold font-serif text-ink text-xl" data-testid="account-name">
            {name}
          </p>
          <p className="truncate text-ink-muted text-sm">@{user.username}</p>
        </div>
      </div>
      <dl className="grid gap-x-6 gap-y-4 border-line border-t pt-5 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="font-medium text-ink-muted">Name</dt>
        <dd className="-mt-3 min-w-0 break-words text-ink sm:mt-0">
          {`${user.firstName} ${user.lastName}`.trim() || <span className="text-ink-muted">Not set</span>}
        </dd>
        <dt className="font-medium text-ink-muted">Email</dt>
        <dd className="-mt-3 flex min-w-0 flex-wrap items-center gap-2 sm:mt-0">
          <span className="break-all text-ink" data-testid="account-email">
            {user.email}
          </span>
          {user.emailVerified ? (
            <span className="inline-flex items-center gap-1 rounded-full bg-sage-soft px-2 py-0.5 font-medium text-sage-ink text-xs">
              <BadgeCheck aria-hidden="true" className="size-3.5" />
              Verified
            </span>
          ) : (
            <span className="inline-flex items-center gap-1 rounded-full bg-gold-soft px-2 py-0.5 font-medium text-gold-ink text-xs">
              <MailWarning aria-hidden="true" className="size-3.5" />
              Not verified
            </span>
          )}
        </dd>
        <dt className="font-medium text-ink-muted">Member since</dt>
        <dd className="-mt-3 text-ink sm:mt-0">{formatDate(user.createdAt)}</dd>
      </dl>
      <div className="flex flex-wrap gap-3">
        <Link to="/settings/profile" className={buttonClasses("primary")} data-testid="edit-profile-link">
          <PencilLine aria-hidden="true" className="size-4" />
          Edit profile
        </Link>
        <Link to={`/u/${user.username}`} className={buttonClasses("secondary")}>
          View public profile
        </Link>
        {/* Phones reach Settings from the bottom bar, not the header's account menu: the Studio is linked here too. */}
        <Link to="/studio" className={buttonClasses("secondary")} data-testid="settings-studio-link">
          <PenLine aria-hidden="true" className="size-4" />
          Studio
        </Link>
      </div>
    </SettingsCard>
  );
}

function AppearanceCard() {
  return (
    <SettingsCard
      id="appearance"
      title="Appearance"
      description="Saved on this device. System follows your device's setting."
    >
      <div className="max-w-xs">
        <ThemeChoice name="settings-theme" />
      </div>
    </SettingsCard>
  );
}

function PrivacyCard({ user }: { user: Me }) {
  const update = useUpdateProfile();
  const checked = update.isPending ? Boolean(update.variables?.acceptedTracking) : user.acceptedTracking;
  // Its own mutation, so each switch shows its own pending value and failure. Not `disabled` while saving:
  // that would drop the keyboard focus; a change is ignored until the last one is saved instead.
  const sharing = useUpdateProfile();
  const shared = sharing.isPending ? Boolean(sharing.variables?.readingActivityPublic) : user.readingActivityPublic;
  return (
    <SettingsCard id="privacy" title="Privacy" description="Quire never sells your data.">
      {update.isError ? <FormAlert>{errorMessage(update.error)}</FormAlert> : null}
      {sharing.isError ? <FormAlert>{errorMessage(sharing.error)}</FormAlert> : null}
      <CheckboxField
        name="readingActivityPublic"
        role="switch"
        label="Show my reading activity on my profile and in followers' feeds"
        description="What you are reading, have finished and starred. Off: only you see it."
        checked={shared}
        aria-disabled={sharing.isPending}
        onChange={(event) => {
          if (!sharing.isPending) sharing.mutate({ readingActivityPublic: event.target.checked });
        }}
      />
      <CheckboxField
        name="acceptedTracking"
        label="Help improve Quire with usage statistics"
        description="Page views and feature use, counted with your account: never what you read in a book, never your IP address."
        checked={checked}
        disabled={update.isPending}
        onChange={(event) => update.mutate({ acceptedTracking: event.target.checked })}
      />
    </SettingsCard>
  );
}

const PASSWORD_LABELS = { currentPassword: "Current password", newPassword: "New password" };

function ChangePasswordCard({ email }: { email: string }) {
  const change = useChangePassword();
  const [values, setValues] = useState({ currentPassword: "", newPassword: "" });
  const form = useFormErrors(PASSWORD_LABELS, ChangePasswordRequestSchema.shape);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (change.isPending) return;
    const body = form.check(ChangePasswordRequestSchema, values);
    if (!body) {
      change.reset();
      return;
    }
    change.mutate(body, {
      onSuccess: () => setValues({ currentPassword: "", newPassword: "" }),
      // SPEC §8 "Invalid password!" is about the current password, and is shown under it.
      onError: form.refuse,
    });
  };

  const failure = change.isError ? form.alert(change.error) : undefined;

  return (
    <SettingsCard id="password" title="Change password" description="You'll stay signed in on this device.">
      {failure ? <FormAlert>{failure}</FormAlert> : null}
      <form noValidate onSubmit={onSubmit} className="flex max-w-md flex-col gap-4" aria-label="Change password">
        <input type="hidden" name="username" autoComplete="username" value={email} />
        <PasswordField
          {...form.field("currentPassword")}
          label={PASSWORD_LABELS.currentPassword}
          autoComplete="current-password"
          value={values.currentPassword}
          onChange={(event) => setValues((current) => ({ ...current, currentPassword: event.target.value }))}
        />
        <PasswordField
          {...form.field("newPassword")}
          label={PASSWORD_LABELS.newPassword}
          autoComplete="new-password"
          value={values.newPassword}
          onChange={(event) => setValues((current) => ({ ...current, newPassword: event.target.value }))}
          hint={PASSWORD_RULE_HINT}
        />
        <div role="status" className="empty:-mt-4">
          {change.isSuccess ? (
            <FormAlert tone="success" live={false} testId="password-changed">
              Your password has been changed.
            </FormAlert>
          ) : null}
        </div>
        <SubmitButton pending={change.isPending} pendingLabel="Changing password…" className="self-start">
          Change password
        </SubmitButton>
      </form>
    </SettingsCard>
  );
}

function SignOutCard() {
  const signOut = useSignOut({ redirectTo: "/" });
  return (
    <SettingsCard id="sign-out" title="Sign out" description="Sign out of Quire on this device.">
      {signOut.isError ? <FormAlert>{errorMessage(signOut.error)}</FormAlert> : null}
      <SubmitButton
        type="button"
        variant="secondary"
        pending={signOut.isPending}
        pendingLabel="Signing out…"
        onClick={() => signOut.mutate()}
        className="self-start"
        testId="sign-out"
      >
        <LogOut aria-hidden="true" className="size-4" />
        Sign out
      </SubmitButton>
    </SettingsCard>
  );
}
