import { Minus, Plus, RotateCcw } from "lucide-react";
import { type ReactNode, useId } from "react";
import { ReaderSheet } from "../../components/reader-sheet";
import { FONT_STACKS } from "./frame-document";
import { defaultReaderSettings, FONT_SIZES, LINE_HEIGHTS, type ReaderSettings, stepThrough } from "./reader-settings";
import { READER_PALETTES } from "./reader-themes";
import type { RotationSetting } from "./use-orientation-lock";

type Update = (change: Partial<ReaderSettings>) => void;

export function SettingsSheet({
  open,
  onClose,
  settings,
  onChange,
  appTheme,
  rotation,
}: {
  open: boolean;
  onClose(): void;
  settings: ReaderSettings;
  onChange: Update;
  appTheme: "light" | "dark";
  /** This device's rotation lock; null where none applies (SPEC §2: mobile user agents only). */
  rotation: RotationSetting | null;
}) {
  return (
    <ReaderSheet open={open} onClose={onClose} title="Reading settings" side="right" testId="reader-settings">
      <div className="flex flex-col gap-6 px-4 py-4">
        <Choice
          legend="Layout"
          value={settings.layout}
          onChange={(layout) => onChange({ layout })}
          options={[
            { value: "paginated", label: "Pages" },
            { value: "scrolled", label: "Scroll" },
          ]}
        />
        <Choice
          legend="Theme"
          value={settings.theme}
          onChange={(theme) => onChange({ theme })}
          options={(["light", "sepia", "dark"] as const).map((theme) => ({
            value: theme,
            label: theme === "light" ? "Light" : theme === "sepia" ? "Sepia" : "Dark",
            preview: (
              <span
                aria-hidden="true"
                className="flex size-7 items-center justify-center rounded-full border border-line-strong font-serif text-sm"
                style={{ background: READER_PALETTES[theme].page.background, color: READER_PALETTES[theme].page.text }}
              >
                Aa
              </span>
            ),
          }))}
        />
        <Choice
          legend="Typeface"
          columns={2}
          value={settings.font}
          onChange={(font) => onChange({ font })}
          options={[
            { value: "publisher", label: "Book’s own" },
            { value: "serif", label: "Serif", family: FONT_STACKS.serif },
            { value: "sans", label: "Sans serif", family: FONT_STACKS.sans },
            { value: "dyslexic", label: "Easy reading", family: FONT_STACKS.dyslexic },
          ]}
        />
        <Stepper
          label="Text size"
          value={`${settings.fontSize} px`}
          lessLabel="Smaller text"
          moreLabel="Larger text"
          canLess={settings.fontSize > Math.min(...FONT_SIZES)}
          canMore={settings.fontSize < Math.max(...FONT_SIZES)}
          onLess={() => onChange({ fontSize: stepThrough(FONT_SIZES, settings.fontSize, -1) })}
          onMore={() => onChange({ fontSize: stepThrough(FONT_SIZES, settings.fontSize, 1) })}
        />
        <Stepper
          label="Line spacing"
          value={settings.lineHeight.toFixed(1)}
          lessLabel="Less line spacing"
          moreLabel="More line spacing"
          canLess={settings.lineHeight > Math.min(...LINE_HEIGHTS)}
          canMore={settings.lineHeight < Math.max(...LINE_HEIGHTS)}
          onLess={() => onChange({ lineHeight: stepThrough(LINE_HEIGHTS, settings.lineHeight, -1) })}
          onMore={() => onChange({ lineHeight: stepThrough(LINE_HEIGHTS, settings.lineHeight, 1) })}
        />
        <Choice
          legend="Margins"
          value={settings.margins}
          onChange={(margins) => onChange({ margins })}
          options={[
            { value: "narrow", label: "Narrow" },
            { value: "normal", label: "Normal" },
            { value: "wide", label: "Wide" },
          ]}
        />
        {rotation ? (
          <Choice
            legend="Lock rotation"
            value={rotation.lock}
            onChange={rotation.onChange}
            options={[
              { value: "any", label: "Any" },
              { value: "portrait", label: "Portrait" },
              { value: "landscape", label: "Landscape" },
            ]}
          />
        ) : null}
        <button
          type="button"
          onClick={() => {
            onChange(defaultReaderSettings(appTheme));
            rotation?.onChange("any");
          }}
          className="inline-flex items-center gap-2 self-start rounded-full px-3 py-2 text-ink-muted text-sm transition-colors hover:bg-sunken hover:text-ink"
        >
          <RotateCcw aria-hidden="true" className="size-4" />
          Reset to defaults
        </button>
      </div>
    </ReaderSheet>
  );
}

interface ChoiceOption<T extends string> {
  value: T;
  label: string;
  preview?: ReactNode;
  /** Shows the label in the typeface it names. */
  family?: string;
}

/** A group of radio buttons drawn as segments: arrow keys move between them, as with any radio group. */
function Choice<T extends string>({
  legend,
  value,
  onChange,
  options,
  columns,
}: {
  legend: string;
  value: T;
  onChange(value: T): void;
  options: ChoiceOption<T>[];
  columns?: number;
}) {
  const name = useId();
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 font-medium text-ink-muted text-xs uppercase tracking-wider">{legend}</legend>
      <div
        className="grid gap-2"
        style={{ gridTemplateColumns: `repeat(${columns ?? options.length}, minmax(0, 1fr))` }}
      >
        {options.map((option) => (
          <label
            key={option.value}
            className="relative flex min-h-11 cursor-pointer flex-col items-center justify-center gap-1 rounded-xl border border-line bg-paper px-2 py-2 text-center text-ink text-sm transition-colors hover:border-line-strong has-[:checked]:border-accent has-[:checked]:bg-accent-soft has-[:checked]:font-semibold has-[:checked]:text-accent-soft-ink has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-focus has-[:focus-visible]:outline-offset-2"
          >
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
              className="absolute inset-0 z-10 m-0 size-full cursor-pointer appearance-none rounded-xl opacity-0"
            />
            {option.preview}
            <span style={option.family ? { fontFamily: option.family } : undefined}>{option.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function Stepper({
  label,
  value,
  lessLabel,
  moreLabel,
  canLess,
  canMore,
  onLess,
  onMore,
}: {
  label: string;
  value: string;
  lessLabel: string;
  moreLabel: string;
  canLess: boolean;
  canMore: boolean;
  onLess(): void;
  onMore(): void;
}) {
  const button =
    "inline-flex size-11 items-center justify-center rounded-full border border-line-strong bg-paper text-ink transition-colors hover:bg-sunken disabled:cursor-not-allowed disabled:opacity-45";
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 font-medium text-ink-muted text-xs uppercase tracking-wider">{label}</legend>
      <div className="flex items-center justify-between gap-3">
        <button type="button" aria-label={lessLabel} disabled={!canLess} onClick={onLess} className={button}>
          <Minus aria-hidden="true" className="size-4" />
        </button>
        <output aria-live="polite" className="font-semibold text-ink tabular-nums">
          {value}
        </output>
        <button type="button" aria-label={moreLabel} disabled={!canMore} onClick={onMore} className={button}>
          <Plus aria-hidden="true" className="size-4" />
        </button>
      </div>
    </fieldset>
  );
}
