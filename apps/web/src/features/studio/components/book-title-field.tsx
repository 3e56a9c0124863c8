import { BOOK_TITLE_MAX_LENGTH, BOOK_TITLE_TOO_LONG } from "@quire/core";
import { TextField, type TextFieldProps } from "../../../components/text-field";

/** The count appears this close to the cap, so a short title is not watched. */
const COUNT_FROM = BOOK_TITLE_MAX_LENGTH - 30;

export interface BookTitleFieldProps extends Omit<TextFieldProps, "value"> {
  value: string;
  /** The title as stored: a longer one from before the cap is only refused once it is changed. */
  saved?: string;
}

/**
 * The book's title with a live count near the cap and the contract's message as soon as it is passed.
 * No `maxLength` (the form's limits would set one): a pasted title is not cut silently, its author decides what to keep.
 */
export function BookTitleField({ value, saved, error, hint, ...props }: BookTitleFieldProps) {
  const length = value.trim().length;
  const tooLong = length > BOOK_TITLE_MAX_LENGTH && value !== saved;
  // A refusal of the length from the last save goes once the title fits.
  const shown = tooLong ? BOOK_TITLE_TOO_LONG : error === BOOK_TITLE_TOO_LONG ? undefined : error;
  return (
    <TextField
      {...props}
      maxLength={undefined}
      value={value}
      error={shown}
      hint={length >= COUNT_FROM ? `${length} / ${BOOK_TITLE_MAX_LENGTH} characters` : hint}
    />
  );
}
