import { expect, test } from "../support/test";

test.describe("reader page buttons on a desktop", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("draw their keyboard focus on the round arrow, not as a line down the page", async ({ page }) => {
    await page.goto("/read/the-salt-lantern");
    await expect(page.getByTestId("chapter-view")).toHaveAttribute("data-ready-anchor", /.+/);
    const next = page.getByRole("button", { name: "Next page" });
    await next.focus();
    await page.keyboard.press("Shift+Tab");
    await page.keyboard.press("Tab");
    await expect(next).toBeFocused();

    const styles = await next.evaluate((button) => {
      const arrow = button.querySelector("[data-testid=page-button-right]") as HTMLElement;
      return { button: getComputedStyle(button).outlineStyle, arrow: getComputedStyle(arrow).outlineStyle };
    });
    expect(styles).toEqual({ button: "none", arrow: "solid" });
    await page.screenshot({ path: test.info().outputPath("reader-next-page-focus.png") });
  });
});
