import { type ButtonVariant, buttonClasses } from "../../../components/button";

/** Below the md breakpoint a finger presses the studio's controls: 44 px tall there, compact on wide screens. */
export const TAP = "max-md:min-h-11";

/** The studio's small button look, tall enough to tap on a phone. */
export const smallButton = (variant: ButtonVariant, extra = "") => buttonClasses(variant, "sm", `${TAP} ${extra}`);
