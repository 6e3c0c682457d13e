// The frame on a phone-sized screen: the menu opens, closes on every rule, and nothing scrolls sideways.
import { expect, test } from '@playwright/test';
import {
  createAccount,
  expectNoSeriousA11yViolations,
  signInWithStorage,
} from './support/accounts';

test('the small-screen menu opens and closes on a choice, a click outside and Escape', async ({
  page,
  request,
}) => {
  const account = await createAccount(request, { account_type: 'multi-users' });
  await signInWithStorage(page, account, '/profile');
  const button = page.getByRole('button', { name: 'Menu' });
  await button.click();
  const menu = page
    .getByRole('navigation', { name: 'Menu' })
    .or(page.getByRole('menu', { name: 'Menu' }));
  await expect(menu).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await button.click();
  await page.mouse.click(5, 700);
  await expect(menu).toBeHidden();
  await button.click();
  await menu
    .getByRole('link', { name: 'Livres' })
    .or(menu.getByRole('menuitem', { name: 'Livres' }))
    .click();
  await expect(page).toHaveURL(/\/books$/);
  await expect(menu).toBeHidden();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
});
