// The HUD kit's amount field in the four games: ½ and 2× give the same amounts from the same amount,
// and the field has the kit's (Rocket HUD's) look, inside the viewport, on desktop and phone.
import { expect, test } from './fixtures.ts';

const GAMES = ['/dice', '/bounce', '/rocket', '/wheel'];

test('½ and 2× agree in dice, bounce, rocket and wheel, and every field is styled @responsive', async ({
  page,
  signIn,
}) => {
  test.setTimeout(90_000);
  await signIn({ balanceCents: 1_000, name: 'E2E Amounts' });
  for (const path of GAMES) {
    await page.goto(path);
    const input = page.getByLabel('Bet amount', { exact: true });
    const half = page.getByRole('button', { name: '½', exact: true });
    const double = page.getByRole('button', { name: '2×', exact: true });
    await input.fill('2.55');
    await half.click();
    await expect(input, path).toHaveValue('1.27');
    await double.click();
    await double.click();
    await expect(input, path).toHaveValue('5.08');
    await input.fill('0');
    await expect(page.getByTestId('amount-error'), path).toHaveText(/^Bet between \$0\.(01|10) and \$1,000\.00$/);
    await input.fill('1.00');
    await expect(page.getByTestId('amount-error'), path).toHaveCount(0);

    await expect(input, path).toHaveCSS('background-color', 'rgb(0, 0, 0)');
    await expect(input, path).toHaveCSS('border-top-color', 'rgb(42, 44, 74)');
    for (const button of [half, double]) {
      await expect(button, path).toHaveCSS('background-color', 'rgb(36, 38, 63)');
      await expect(button, path).toHaveCSS('width', '44px');
    }
    const box = (await double.boundingBox())!;
    expect(box.x + box.width, path).toBeLessThanOrEqual(page.viewportSize()!.width);
  }
});
