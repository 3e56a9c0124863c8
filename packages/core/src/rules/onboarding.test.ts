import { describe, expect, it } from "vitest";
import { nextOnboardingStep } from "./onboarding";

describe("nextOnboardingStep", () => {
  const fresh = { completedSteps: [], finished: false };

  it("starts at the first name, and skips it on the web when a name is known", () => {
    expect(nextOnboardingStep(fresh, { firstName: "" })).toBe("first-name");
    expect(nextOnboardingStep(fresh, { firstName: "Ada" })).toBe("username");
    expect(nextOnboardingStep(fresh, { firstName: "  " })).toBe("first-name");
  });

  it("skips the terms step once the terms were accepted (at sign-up), on the web and in the native app", () => {
    const named = { completedSteps: ["first-name", "username"] as ("first-name" | "username")[], finished: false };
    expect(nextOnboardingStep(named, { firstName: "Ada", acceptedTerms: false })).toBe("terms");
    expect(nextOnboardingStep(named, { firstName: "Ada", acceptedTerms: true })).toBe("genres");
    expect(nextOnboardingStep(named, { firstName: "Ada", acceptedTerms: true }, "native")).toBe("genres");
  });

  it("enforces the first-name step first in the native app", () => {
    expect(nextOnboardingStep(fresh, { firstName: "Ada" }, "native")).toBe("first-name");
    expect(
      nextOnboardingStep({ completedSteps: ["first-name"], finished: false }, { firstName: "Ada" }, "native"),
    ).toBe("username");
  });

  it("goes to the first incomplete step, whatever order steps were done in", () => {
    const state = { completedSteps: ["first-name", "terms", "genres"] as const, finished: false };
    expect(nextOnboardingStep({ ...state, completedSteps: [...state.completedSteps] }, { firstName: "Ada" })).toBe(
      "username",
    );
    expect(
      nextOnboardingStep(
        { completedSteps: ["first-name", "username", "terms", "genres"], finished: false },
        { firstName: "" },
      ),
    ).toBe("follow");
  });

  it("is over once finished, even in the native app", () => {
    expect(nextOnboardingStep({ completedSteps: [], finished: true }, { firstName: "" }, "native")).toBeNull();
    expect(
      nextOnboardingStep(
        { completedSteps: ["first-name", "username", "terms", "genres", "follow"], finished: false },
        { firstName: "Ada" },
      ),
    ).toBeNull();
  });
});
