import { expect, test, type Page } from '@playwright/test';
import { API } from '../../common/src/api-paths';
import { MESSAGES } from '../../common/src/messages';
import { modelKeyOf } from '../../common/src/models/model-basics';
import { SHOP_URL } from '../../common/src/local-stack';
import { expectAccessible, expectNoSidewaysScroll } from './support/page-checks';
import { call, findRow } from './support/orders';
import { DEMO, toast } from './support/session';
import { SIGNED_IN } from './support/signed-in';
import { settled } from './support/settled';

/**
 * The admin's appliance-model import (CONTRACT §12, issue 28) at desktop and phone widths: a new
 * model of its own number (a CSV and its two drawings) imported and listed, its public page
 * opened; a CSV with bad lines refused with each line named and nothing imported; then the model
 * deleted behind the confirmation. Each state checked with axe (WCAG 2.2 A/AA).
 *
 * In the `own` lane (playwright.config.ts): it adds a model and deletes it, and the other specs
 * that read the models (models, layout-shift, accessibility) are in this lane too, so none of them
 * runs while the model exists. Its number starts with ZZ, after every seeded model in key order, so
 * a model left behind by a failed run only adds a last row to the lists. Its callouts list parts
 * that already fit seeded models (their "Fits N models" is there either way), and an afterEach
 * deletes the model through the API if the test did not.
 */
const WIDTHS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
];

const HEADER = 'modelNumber,brand,applianceType,title,section,ref,partNumber,quantity,note';

/** A drawing with a numbered callout for each ref, as the import wants it (each number an element with data-ref). */
function drawing(title: string, refs: string[]): string {
  const callouts = refs
    .map((ref, i) => `<g><circle cx="${60 + i * 80}" cy="60" r="14"/><text x="${60 + i * 80}" y="65" text-anchor="middle" data-ref="${ref}">${ref}</text></g>`)
    .join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 300" role="img" aria-labelledby="t"><title id="t">${title}</title>` +
    `<style>circle{fill:#fff;stroke:#1f2933}</style><rect x="20" y="120" width="360" height="150" fill="none" stroke="#1f2933"/>${callouts}</svg>`
  );
}

const csvFile = (name: string, lines: string[]) => ({ name, mimeType: 'text/csv', buffer: Buffer.from([HEADER, ...lines].join('\n')) });
const svgFile = (name: string, svg: string) => ({ name, mimeType: 'image/svg+xml', buffer: Buffer.from(svg) });

test.describe('the admin imports, lists and deletes appliance models', () => {
  test.use({ storageState: SIGNED_IN.admin });
  let modelKey: string | null = null;

  test.afterEach(async () => {
    if (!modelKey) return;
    // The test failed before its delete: the model goes, so no later spec sees it.
    const res = await fetch(`${SHOP_URL}${API.model(modelKey)}`);
    if (res.status === 200) await call(DEMO.admin, 'DELETE', API.model(modelKey));
    modelKey = null;
  });

  for (const viewport of WIDTHS) {
    const w = viewport.width;
    test(`a new model imported from a CSV and its drawings, listed with its page; a bad CSV refused line by line; the model deleted (${w} px)`, async ({
      page,
    }) => {
      test.setTimeout(90_000);
      await page.setViewportSize(viewport);
      const number = `ZZ-E2E-${w}-${Date.now().toString(36).toUpperCase()}`;
      const key = modelKeyOf(number);
      const row = (p: Page) => p.getByTestId('model-row').filter({ has: p.getByRole('link', { name: number, exact: true }) });
      const model = (section: string, ref: string, partNumber: string, note = '') =>
        `${number},Nordcold,upright-freezer,Nordcold upright freezer (e2e),${section},${ref},${partNumber},1,${note}`;

      await test.step('Manage Models from the dashboard menu', async () => {
        await page.goto('/dashboard');
        if (w < 900) await page.getByRole('button', { name: 'Dashboard menu' }).click();
        await page.getByRole('link', { name: 'Manage Models' }).click();
        await expect(page).toHaveURL('/dashboard/managemodels');
        await expect(page.getByRole('heading', { level: 1 })).toHaveText('Manage Appliance Models');
        await expect(page).toHaveTitle('Manage Appliance Models | FridgeParts');
        await expect(page.getByTestId('model-csv-header')).toHaveText(HEADER);
        await settled(page, page.getByTestId('model-row'));
        await expectAccessible(page, `Manage Models at ${w} px`);
        await expectNoSidewaysScroll(page, `Manage Models at ${w} px`);
      });

      await test.step('a CSV with its two drawings, one named by model and section, one by section alone', async () => {
        modelKey = key;
        await page
          .getByLabel('Files to import')
          .setInputFiles([
            csvFile('models.csv', [
              model('Evaporator', '1', 'FP-DFH-115-450', 'Defrost heater'),
              model('Evaporator', '2', 'FP-EFM-115-SP'),
              model('Door', '1', 'FP-GSK-UNI-096', 'Cut to length'),
            ]),
            svgFile(`${number} Evaporator.svg`, drawing('Evaporator', ['1', '2'])),
            svgFile('Door.svg', drawing('Door', ['1'])),
          ]);
        await page.getByRole('button', { name: 'Import', exact: true }).click();
        const done = page.getByRole('status').filter({ hasText: 'Imported 1 model' });
        await expect(done).toBeVisible();
        await expect(done.getByRole('link', { name: number })).toHaveAttribute('href', `/appliance-models/${key}`);
        const listed = await findRow(page, 'model-row', number);
        await expect(listed).toContainText('Upright freezer');
        await expect(listed).toContainText('Nordcold upright freezer (e2e)');
        await expectAccessible(page, `Manage Models after an import at ${w} px`);
        await expectNoSidewaysScroll(page, `Manage Models after an import at ${w} px`);
      });

      await test.step('its public page shows its sections and drawing', async () => {
        await row(page).getByRole('link', { name: number }).click();
        await expect(page).toHaveURL(`/appliance-models/${key}`);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Nordcold ${number}`);
        const drawingGroup = page.getByRole('group', { name: 'Drawing of Evaporator' });
        await expect(drawingGroup.getByRole('button', { name: /^Callout 2: / })).toBeVisible();
        await page.goBack();
        await expect(page.getByRole('heading', { level: 1 })).toHaveText('Manage Appliance Models');
      });

      await test.step('a CSV with bad lines: each named, nothing imported', async () => {
        await page
          .getByLabel('Files to import')
          .setInputFiles([
            csvFile('models.csv', [
              model('Evaporator', '1', 'FP-DFH-115-450'),
              model('Evaporator', '2', 'FP-NO-SUCH-PART-9'),
              `${number},Arctica,upright-freezer,Nordcold upright freezer (e2e),Evaporator,3,FP-EFM-115-SP,1,`,
            ]),
            svgFile(`${number} Evaporator.svg`, drawing('Evaporator', ['1', '2', '3'])),
          ]);
        await page.getByRole('button', { name: 'Import', exact: true }).click();
        const refused = page.getByRole('alert').filter({ hasText: 'Nothing was imported' });
        await expect(refused).toContainText('2 problems to fix');
        const problems = refused.getByRole('listitem');
        await expect(problems).toHaveCount(2);
        await expect(problems.nth(0)).toContainText(/^Line 3: .*FP-NO-SUCH-PART-9/);
        await expect(problems.nth(1)).toContainText(/^Line 4: brand differs from line 2/);
        await expectAccessible(page, `Manage Models with a refused import at ${w} px`);
        await expectNoSidewaysScroll(page, `Manage Models with a refused import at ${w} px`);
        // Nothing imported: the model still has its Door section, which the refused file left out.
        const stored = (await (await fetch(`${SHOP_URL}${API.model(key)}`)).json()) as { sections: { name: string }[] };
        expect(stored.sections.map((s) => s.name)).toEqual(['Evaporator', 'Door']);
      });

      await test.step('Delete, behind the confirmation', async () => {
        await row(page)
          .getByRole('button', { name: `Delete model ${number}` })
          .click();
        const confirm = page.getByRole('dialog', { name: MESSAGES.deleteConfirm });
        await expect(confirm).toContainText(number);
        await expect(confirm.getByRole('button', { name: 'cancel', exact: true })).toBeFocused();
        await expectAccessible(page, `Manage Models, delete confirmation open at ${w} px`);
        await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
        await expect(confirm).toBeHidden();
        await expect(toast(page, 'Model deleted.')).toBeVisible();
        await expect(row(page)).toHaveCount(0);
        expect((await fetch(`${SHOP_URL}${API.model(key)}`)).status).toBe(404);
        modelKey = null;
      });
    });
  }
});
