import { SOCIAL_PROVIDERS, type SocialProvider } from "@quire/core";
import { LoaderCircle } from "lucide-react";
import type { ReactNode } from "react";
import { FormAlert } from "../../../components/form-alert";
import { errorMessage } from "../../../lib/errors";
import { useSocialProviders, useStartSocialSignIn } from "../social-sign-in";

const BUTTON =
  "inline-flex min-h-11 w-full items-center justify-center gap-3 rounded-full border px-5 font-medium text-[0.95rem] transition-colors select-none aria-disabled:cursor-wait aria-disabled:opacity-70";

/** Each brand's own button colours (Google's and Apple's sign-in guidelines), light and dark. */
const BRANDS: Record<SocialProvider, { label: string; className: string; logo: ReactNode }> = {
  google: {
    label: "Continue with Google",
    className:
      "border-[#747775] bg-white text-[#1f1f1f] hover:bg-[#f2f2f2] dark:border-[#8e918f] dark:bg-[#131314] dark:text-[#e3e3e3] dark:hover:bg-[#1f1f20]",
    logo: <GoogleLogo />,
  },
  apple: {
    label: "Continue with Apple",
    className:
      "border-black bg-black text-white hover:bg-[#1d1d1f] dark:border-white dark:bg-white dark:text-black dark:hover:bg-[#e8e8ed]",
    logo: <AppleLogo />,
  },
};

/**
 * "Continue with Google / Apple" above the email form, for the providers this server has a client
 * for (none: nothing is shown). The browser leaves for the provider and comes back to `returnTo`.
 */
export function SocialSignInButtons({ returnTo }: { returnTo: string }) {
  const providers = useSocialProviders();
  const start = useStartSocialSignIn();
  const enabled = SOCIAL_PROVIDERS.filter((provider) => providers.data?.providers[provider]);
  if (enabled.length === 0) return null;
  // After success the page is on its way to the provider: the button stays busy until it goes.
  const busy = start.isPending || start.isSuccess ? start.variables?.provider : undefined;

  return (
    <div className="flex flex-col gap-3" data-testid="social-sign-in">
      {start.isError ? <FormAlert>{errorMessage(start.error)}</FormAlert> : null}
      {enabled.map((provider) => {
        const brand = BRANDS[provider];
        const pending = busy === provider;
        return (
          <button
            key={provider}
            type="button"
            aria-disabled={busy ? true : undefined}
            onClick={() => {
              if (!busy) start.mutate({ provider, returnTo });
            }}
            className={`${BUTTON} ${brand.className}`}
          >
            {pending ? <LoaderCircle aria-hidden="true" className="size-5 motion-safe:animate-spin" /> : brand.logo}
            {brand.label}
          </button>
        );
      })}
      <p className="text-center text-ink-muted text-xs">By continuing you accept the terms of use.</p>
      <div className="flex items-center gap-3 text-ink-muted text-sm" aria-hidden="true">
        <span className="h-px flex-1 bg-line" />
        or use your email
        <span className="h-px flex-1 bg-line" />
      </div>
    </div>
  );
}

function GoogleLogo() {
  return (
    <svg aria-hidden="true" viewBox="0 0 48 48" className="size-5 shrink-0">
      <path
        fill="#FFC107"
        d="M43.611 20.083H42V20H24v8h11.303c-1.649 4.657-6.08 8-11.303 8-6.627 0-12-5.373-12-12s5.373-12 12-12c3.059 0 5.842 1.154 7.961 3.039l5.657-5.657C34.046 6.053 29.268 4 24 4 12.955 4 4 12.955 4 24s8.955 20 20 20 20-8.955 20-20c0-1.341-.138-2.65-.389-3.917z"
      />
      <path
        fill="#FF3D00"
        d="M6.306 14.691l6.571 4.819C14.655 15.108 18.961 12 24 12c3.059 0 5.842 1.154 7.961 3.039l5.657-5.657C34.046 6.053 29.268 4 24 4 16.318 4 9.656 8.337 6.306 14.691z"
      />
      <path
        fill="#4CAF50"
        d="M24 44c5.166 0 9.86-1.977 13.409-5.192l-6.19-5.238A11.91 11.91 0 0 1 24 36c-5.202 0-9.619-3.317-11.283-7.946l-6.522 5.025C9.505 39.556 16.227 44 24 44z"
      />
      <path
        fill="#1976D2"
        d="M43.611 20.083H42V20H24v8h11.303a12.04 12.04 0 0 1-4.087 5.571l.003-.002 6.19 5.238C36.971 39.205 44 34 44 24c0-1.341-.138-2.65-.389-3.917z"
      />
    </svg>
  );
}

function AppleLogo() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5 shrink-0" fill="currentColor">
      <path d="M12.152 6.896c-.948 0-2.415-1.078-3.96-1.04-2.04.027-3.91 1.183-4.961 3.014-2.117 3.675-.546 9.103 1.519 12.09 1.013 1.454 2.208 3.09 3.792 3.039 1.52-.065 2.09-.987 3.935-.987 1.831 0 2.35.987 3.96.948 1.637-.026 2.676-1.48 3.676-2.948 1.156-1.688 1.636-3.325 1.662-3.415-.039-.013-3.182-1.221-3.22-4.857-.026-3.04 2.48-4.494 2.597-4.559-1.429-2.09-3.623-2.324-4.39-2.376-2-.156-3.675 1.09-4.61 1.09zM15.53 3.83c.843-1.012 1.4-2.427 1.245-3.83-1.207.052-2.662.805-3.532 1.818-.78.896-1.454 2.338-1.273 3.714 1.338.104 2.715-.688 3.559-1.701" />
    </svg>
  );
}
