// Phone journeys at 200 % text: the person's text size doubled, then every given control checked to be
// 44 px or more and on screen, and the page checked not to scroll sideways.
import { expect, type Locator, type Page } from '@playwright/test';

export async function doubleText(page: Page): Promise<void> {
  // The browser warning (Android) is the shell's business: closed so it does not count here.
  const closeWarning = page
    .getByRole('region', { name: /Votre navigateur/ })
    .getByRole('button', { name: 'Fermer', exact: true });
  if (
    (await closeWarning.isVisible()) &&
    !(await closeWarning.evaluate((button) => button.closest('[inert]') !== null))
  )
    await closeWarning.click();
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
          // An element without a class is named by its nearest ancestor that has one.
          const named = element.className ? element : element.closest('[class]:not([class=""])');
          const where =
            named && named !== element
              ? ` in <${named.tagName.toLowerCase()} class="${String(named.className).slice(0, 80)}">`
              : '';
          return `<${element.tagName.toLowerCase()} class="${element.className}">${where} ${Math.round(box.right - width)} px « ${text} »`;
        })
        .join('; ') || 'none'
    );
  });
}

/**
 * What a phone audit finds wrong on the page as it is now (an empty list when nothing): a sideways
 * scroll, a word broken in the middle although it fits on a line, an open dialog taller than the
 * screen, a control covered by another element once scrolled into view, a toast over the focused
 * control. Console errors are collected by `collectConsoleErrors`.
 */
export async function phoneProblems(page: Page): Promise<string[]> {
  await page.evaluate(async () => {
    await document.fonts.ready;
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  });
  const problems: string[] = [];
  const sideways = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  if (sideways > 0)
    problems.push(`scrolls sideways by ${sideways} px: ${await widerThanScreen(page)}`);
  problems.push(...(await brokenWords(page)));
  problems.push(...(await tallDialogs(page)));
  problems.push(...(await coveredControls(page)));
  problems.push(...(await toastOverFocus(page)));
  return problems;
}

/**
 * Words split over two lines without a hyphen although the word fits on one line of its box: each
 * word of each visible text node is measured by a Range (its client rects on more than one line).
 * A word wider than its box (a long address) may break: nothing else can make it fit.
 */
function brokenWords(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest('script, style, [aria-hidden="true"], .sr-only')) continue;
      const box = parent.getBoundingClientRect();
      if (box.width < 20 || box.height < 2) continue;
      const text = node.textContent ?? '';
      // A word runs between spaces, hyphens and slashes (a line may end after « arc- » or « / »).
      for (const match of text.matchAll(/[^\s\-‐–—/]+/gu)) {
        if (match[0].length < 4) continue;
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const rects = [...range.getClientRects()].filter((r) => r.width > 0.5);
        if (rects.length < 2) continue;
        const tops = new Set(rects.map((r) => Math.round(r.top)));
        if (tops.size < 2) continue;
        const width = rects.reduce((sum, r) => sum + r.width, 0);
        // The room of a line: the content width of the box the text is laid out in (the nearest
        // ancestor that is not plain inline: a button's own box, a paragraph).
        let block: HTMLElement | null = parent;
        while (block && ['inline', 'contents'].includes(getComputedStyle(block).display))
          block = block.parentElement;
        const style = getComputedStyle(block ?? parent);
        const room =
          (block ?? parent).clientWidth -
          parseFloat(style.paddingLeft) -
          parseFloat(style.paddingRight);
        if (width <= room + 0.5)
          found.push(
            `« ${match[0]} » broken in <${parent.tagName.toLowerCase()} class="${parent.className}"> (${Math.round(width)} px in ${Math.round(room)} px)`,
          );
      }
    }
    return [...new Set(found)].slice(0, 10);
  });
}

/** Every open dialog must fit the screen's height (its buttons in view without hunting). */
function tallDialogs(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [
      ...document.querySelectorAll<HTMLElement>(
        '[role="dialog"], [role="alertdialog"], dialog[open]',
      ),
    ]
      .filter((dialog) => dialog.getBoundingClientRect().height > 0)
      .filter((dialog) => dialog.getBoundingClientRect().height > window.innerHeight + 0.5)
      .map(
        (dialog) =>
          `dialog « ${dialog.getAttribute('aria-label') ?? dialog.querySelector('h1, h2')?.textContent ?? ''} » is ${Math.round(dialog.getBoundingClientRect().height)} px high on a ${window.innerHeight} px screen`,
      ),
  );
}

/**
 * Each visible control (button, link, field) scrolled to the middle of the screen must be the element
 * found at its centre (or hold it): nothing fixed or floating may cover it.
 */
async function coveredControls(page: Page): Promise<string[]> {
  const found = await page.evaluate(async () => {
    const scope =
      [
        ...document.querySelectorAll<HTMLElement>(
          '[role="dialog"], [role="alertdialog"], dialog[open]',
        ),
      ].at(-1) ?? document.body;
    const controls = [
      ...scope.querySelectorAll<HTMLElement>('button, a[href], input, select, textarea, summary'),
    ].filter((element) => {
      const box = element.getBoundingClientRect();
      const style = getComputedStyle(element);
      return (
        box.width > 1 &&
        box.height > 1 &&
        style.visibility !== 'hidden' &&
        !element.closest('[aria-hidden="true"], .sr-only, [inert]')
      );
    });
    const covered: string[] = [];
    for (const control of controls.slice(0, 80)) {
      control.scrollIntoView({ block: 'center', inline: 'nearest' });
      await new Promise((resolve) => requestAnimationFrame(resolve));
      const box = control.getBoundingClientRect();
      const x = box.left + Math.min(box.width / 2, 20);
      const y = box.top + box.height / 2;
      if (y < 0 || y > window.innerHeight || x < 0 || x > window.innerWidth) continue;
      const top = document.elementFromPoint(x, y);
      if (!top || control.contains(top) || top.contains(control)) continue;
      // A label drawn over its own field (a custom checkbox) is the field.
      if (top instanceof HTMLLabelElement && top.control === control) continue;
      const label = (control.textContent ?? control.getAttribute('aria-label') ?? '')
        .trim()
        .slice(0, 40);
      covered.push(
        `« ${label || control.tagName.toLowerCase()} » is covered by <${top.tagName.toLowerCase()} class="${String(top.className).slice(0, 60)}"> « ${(top.textContent ?? '').trim().slice(0, 30)} »`,
      );
    }
    window.scrollTo(0, 0);
    return covered;
  });
  return found;
}

/** A toast must never lie over the control that has the focus. */
function toastOverFocus(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const focused = document.activeElement;
    if (!focused || focused === document.body) return [];
    const box = focused.getBoundingClientRect();
    // The toaster (src/components/ui/toaster.tsx) is a section with data-edge; each child is a toast.
    return [...document.querySelectorAll<HTMLElement>('section[data-edge] > *')]
      .filter((toast) => {
        const t = toast.getBoundingClientRect();
        return (
          t.width > 0 &&
          t.left < box.right &&
          t.right > box.left &&
          t.top < box.bottom &&
          t.bottom > box.top
        );
      })
      .map(
        (toast) =>
          `a toast « ${(toast.textContent ?? '').trim().slice(0, 40)} » covers the focused control`,
      );
  });
}

/** Console errors and uncaught exceptions of the page, from now on. */
export function collectConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    // A failed request is named by its address below (the console says only « Failed to load resource »).
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
      errors.push(`console: ${message.text().slice(0, 200)}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400)
      errors.push(
        `${response.status()} ${response.request().method()} ${new URL(response.url()).pathname}`,
      );
  });
  page.on('pageerror', (error) => errors.push(`exception: ${error.message.slice(0, 200)}`));
  return errors;
}
