// Phone journeys at 200 % text: the person's text size doubled, then every given control checked to be
// 44 px or more and on screen, and the page checked not to scroll sideways.
import { expect, type Locator, type Page } from '@playwright/test';

export async function doubleText(page: Page): Promise<void> {
  // The browser warning (Android) is the shell's business: closed so it does not count here.
  const closeWarning = page.getByRole('button', { name: 'Fermer', exact: true });
  if (await closeWarning.isVisible()) await closeWarning.click();
  // The person's own text size doubled (the app's base is 112.5 % of the browser's).
  await page.evaluate(() => {
    document.documentElement.style.fontSize = '225%';
  });
}

/**
 * The page must be whole before this is called: the sideways check passes at its first good reading
 * (it waits only for the layout to settle after the text grew), so content loading later is missed.
 */
export async function expectLargeAndOnScreen(page: Page, controls: Locator[]): Promise<void> {
  for (const control of controls) {
    await control.scrollIntoViewIfNeeded();
    const box = (await control.boundingBox())!;
    expect(box.height, (await control.textContent()) ?? '').toBeGreaterThanOrEqual(44);
    expect(box.width).toBeGreaterThanOrEqual(44);
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()!.width + 0.5);
  }
  await expect
    .poll(
      () =>
        page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        ),
      { message: `no sideways scrolling; wider than the screen: ${await widerThanScreen(page)}` },
    )
    .toBeLessThanOrEqual(0);
}

/** The innermost elements that reach past the screen's right edge, to name them when the check fails. */
function widerThanScreen(page: Page): Promise<string> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const wide = [...document.querySelectorAll<HTMLElement>('body *')].filter(
      (element) => element.getBoundingClientRect().right > width + 0.5,
    );
    const innermost = wide.filter(
      (element) => !wide.some((other) => other !== element && element.contains(other)),
    );
    return (
      innermost
        .slice(0, 5)
        .map((element) => {
          const box = element.getBoundingClientRect();
          const text = (element.textContent ?? '').trim().slice(0, 40);
          return `<${element.tagName.toLowerCase()} class="${element.className}"> ${Math.round(box.right - width)} px « ${text} »`;
        })
        .join('; ') || 'none'
    );
  });
}
