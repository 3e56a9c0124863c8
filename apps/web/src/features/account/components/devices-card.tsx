import { type CreatedDevicePassword, DEVICE_PASSWORD_NAME_MAX, type DevicePassword } from "@quire/core";
import { Check, Copy, KeyRound, Trash2 } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Button } from "../../../components/button";
import { FormAlert } from "../../../components/form-alert";
import { SettingsCard } from "../../../components/settings-card";
import { LoadingStatus, Skeleton } from "../../../components/skeleton";
import { SubmitButton } from "../../../components/submit-button";
import { TextField } from "../../../components/text-field";
import { errorMessage } from "../../../lib/errors";
import { formatDate, formatDateTime } from "../../../lib/format";
import { siteUrl } from "../../../lib/native/config";
import { useCreateDevicePassword, useDevicePasswords, useRevokeDevicePassword } from "../queries";

/** Where KOReader's "Custom sync server" points: this site's /kosync. */
export const syncServerUrl = () => siteUrl("/kosync");

/**
 * Settings → Devices: passwords for e-readers (KOReader progress sync). A new password is shown once, with
 * the server address and username to type into KOReader; each can be revoked, after a confirmation.
 */
export function DevicesCard({ username }: { username: string }) {
  const passwords = useDevicePasswords();
  const [created, setCreated] = useState<CreatedDevicePassword | null>(null);

  return (
    <SettingsCard
      id="devices"
      title="Devices"
      description="Sync your place with KOReader: create a password for each e-reader. Your account password stays on Quire."
    >
      {created ? (
        <NewPassword created={created} username={username} onDone={() => setCreated(null)} />
      ) : (
        <CreateForm onCreated={setCreated} />
      )}
      {passwords.isPending ? (
        <div className="flex flex-col gap-2">
          <LoadingStatus label="Loading your devices…" />
          <Skeleton className="h-12 w-full" />
        </div>
      ) : passwords.isError ? (
        <FormAlert testId="devices-error">{errorMessage(passwords.error)}</FormAlert>
      ) : passwords.data.length === 0 ? (
        <p className="text-ink-muted text-sm" data-testid="devices-empty">
          No device passwords yet.
        </p>
      ) : (
        <ul className="flex flex-col divide-y divide-line border-line border-y" data-testid="devices-list">
          {passwords.data.map((device) => (
            <DeviceRow key={device.id} device={device} />
          ))}
        </ul>
      )}
    </SettingsCard>
  );
}

function CreateForm({ onCreated }: { onCreated(created: CreatedDevicePassword): void }) {
  const create = useCreateDevicePassword();
  const [name, setName] = useState("");
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(name, {
      onSuccess: (answer) => {
        setName("");
        onCreated(answer);
      },
    });
  };
  return (
    <form className="flex flex-col gap-3 sm:flex-row sm:items-end" onSubmit={submit} noValidate>
      <TextField
        label="Device name"
        placeholder="Kobo Libra"
        value={name}
        maxLength={DEVICE_PASSWORD_NAME_MAX}
        onChange={(event) => setName(event.target.value)}
        error={create.isError ? errorMessage(create.error) : undefined}
        className="sm:flex-1"
        autoComplete="off"
      />
      <SubmitButton pending={create.isPending} pendingLabel="Creating…" variant="secondary" testId="device-create">
        <KeyRound aria-hidden="true" className="size-4" />
        Create password
      </SubmitButton>
    </form>
  );
}

function NewPassword({
  created,
  username,
  onDone,
}: {
  created: CreatedDevicePassword;
  username: string;
  onDone(): void;
}) {
  return (
    <div className="flex flex-col gap-4 rounded-xl border border-line bg-sunken p-4" data-testid="device-new-password">
      <FormAlert tone="success" testId="device-created">
        Password for “{created.name}” created. Copy it now: it will not be shown again.
      </FormAlert>
      <dl className="grid gap-x-4 gap-y-3 text-sm sm:grid-cols-[auto_1fr]">
        <CopyRow label="Password" value={created.password} testId="device-password" />
        <CopyRow label="Sync server" value={syncServerUrl()} testId="device-server" />
        <CopyRow label="Username" value={username} testId="device-username" />
      </dl>
      <p className="text-ink-muted text-sm">
        In KOReader open a book, then Tools → Progress sync → Custom sync server, enter the server above, then Login
        with your username and this password.
      </p>
      <div>
        <Button variant="primary" onClick={onDone}>
          Done
        </Button>
      </div>
    </div>
  );
}

function CopyRow({ label, value, testId }: { label: string; value: string; testId: string }) {
  const [copied, setCopied] = useState<"yes" | "failed" | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied("yes");
    } catch {
      setCopied("failed");
    }
  };
  return (
    <>
      <dt className="font-medium text-ink-muted sm:pt-2">{label}</dt>
      <dd className="flex min-w-0 flex-wrap items-center gap-2">
        <code className="min-w-0 break-all rounded-md bg-surface px-2 py-1.5 font-mono text-ink" data-testid={testId}>
          {value}
        </code>
        <Button variant="ghost" size="sm" onClick={() => void copy()} aria-label={`Copy ${label.toLowerCase()}`}>
          {copied === "yes" ? (
            <Check aria-hidden="true" className="size-4" />
          ) : (
            <Copy aria-hidden="true" className="size-4" />
          )}
          {copied === "yes" ? "Copied" : "Copy"}
        </Button>
        <span className="sr-only" aria-live="polite">
          {copied === "yes"
            ? `${label} copied.`
            : copied === "failed"
              ? "Copying failed: select the text instead."
              : ""}
        </span>
      </dd>
    </>
  );
}

function DeviceRow({ device }: { device: DevicePassword }) {
  const revoke = useRevokeDevicePassword();
  const [confirming, setConfirming] = useState(false);
  return (
    <li className="flex flex-col gap-2 py-3" data-testid="device-row">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="min-w-0">
          <p className="truncate font-medium text-ink">{device.name}</p>
          <p className="text-ink-muted text-sm">
            Created {formatDate(device.createdAt)} ·{" "}
            {device.lastUsedAt ? `last used ${formatDateTime(device.lastUsedAt)}` : "never used"}
          </p>
        </div>
        {confirming ? null : (
          <Button variant="ghost" size="sm" onClick={() => setConfirming(true)} aria-label={`Revoke ${device.name}`}>
            <Trash2 aria-hidden="true" className="size-4" />
            Revoke
          </Button>
        )}
      </div>
      {confirming ? (
        <div className="flex flex-col gap-2 rounded-xl border border-line bg-sunken p-3 text-sm">
          <p className="text-ink">
            Revoke “{device.name}”? That device stops syncing until you give it a new password.
          </p>
          <div className="flex flex-wrap gap-2">
            <SubmitButton
              type="button"
              size="sm"
              pending={revoke.isPending}
              pendingLabel="Revoking…"
              onClick={() => revoke.mutate(device.id)}
              testId="device-revoke-confirm"
            >
              Revoke
            </SubmitButton>
            <Button variant="secondary" size="sm" onClick={() => setConfirming(false)}>
              Keep it
            </Button>
          </div>
          {revoke.isError ? <FormAlert testId="device-revoke-error">{errorMessage(revoke.error)}</FormAlert> : null}
        </div>
      ) : null}
    </li>
  );
}
