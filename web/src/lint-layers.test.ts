// @vitest-environment node
/**
 * The layer rules hold on real paths (eslint-rules/web-layers.js, decision 0031): the probe that
 * passed the old text-matching rule, a feature importing another through `../../../features/`,
 * now fails lint, as do the other layer breaches and an import cycle.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
// @ts-expect-error plain JS ESLint rules at the repo root
import { cycleThrough } from '../../eslint-rules/web-layers.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: ROOT });

async function layerErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, 'web/src', file) });
  return result.messages.filter((m) => m.ruleId?.startsWith('web-layers/')).map((m) => m.message);
}

describe('web layers in lint', () => {
  it("fails a feature importing another feature, however the path is spelled (issue 16's probe)", async () => {
    const probe = "import { useMyProfile } from '../../../features/profile/api/use-profile';\nexport const x = useMyProfile;\n";
    expect(await layerErrors('features/orders/components/probe.ts', probe)).toEqual([expect.stringContaining('Features never import each other')]);
    const lazy = "export const load = () => import('../../profile/api/use-profile');\n";
    expect(await layerErrors('features/orders/components/probe.ts', lazy)).toEqual([expect.stringContaining('orders imports profile')]);
  });

  it('fails an import against the layers: a feature of a page, a component of a feature, a page of the app', async () => {
    expect(await layerErrors('features/orders/components/probe.ts', "import '../../../pages/home-page';\n")).toEqual([
      expect.stringContaining('features/ must not import pages/'),
    ]);
    expect(await layerErrors('components/probe.ts', "import '../features/orders/api/use-my-bookings';\n")).toEqual([
      expect.stringContaining('components/ must not import features/'),
    ]);
    expect(await layerErrors('pages/probe.ts', "import '../app/routes';\n")).toEqual([expect.stringContaining('pages/ must not import app/')]);
    expect(await layerErrors('lib/probe.ts', "import '../test-support/render';\n")).toEqual(['Only tests import test-support/.']);
  });

  it('lets each layer import its own feature and the layers below', async () => {
    expect(
      await layerErrors(
        'features/orders/components/probe.ts',
        "import '../api/use-my-bookings';\nimport '../../../components/table';\nimport '../../../lib/api-client';\n",
      ),
    ).toEqual([]);
    expect(await layerErrors('pages/probe.ts', "import '../features/orders/api/use-my-bookings';\n")).toEqual([]);
  });

  it('finds an import cycle, and none through import type', () => {
    const src = path.join(mkdtempSync(path.join(os.tmpdir(), 'layers-')), 'web', 'src', 'lib');
    mkdirSync(src, { recursive: true });
    writeFileSync(path.join(src, 'a.ts'), "import { b } from './b';\nexport const a = b;\n");
    writeFileSync(path.join(src, 'b.ts'), "import { c } from './c';\nexport const b = c;\n");
    writeFileSync(path.join(src, 'c.ts'), "import {\n  a,\n} from './a';\nexport const c = () => a;\n");
    writeFileSync(path.join(src, 'd.ts'), "import type { e } from './e';\nexport const d = 1 as unknown as typeof e;\n");
    writeFileSync(path.join(src, 'e.ts'), "import { d } from './d';\nexport const e = d;\n");
    expect((cycleThrough(path.join(src, 'a.ts')) as string[]).map((f) => path.basename(f))).toEqual(['a.ts', 'b.ts', 'c.ts', 'a.ts']);
    expect(cycleThrough(path.join(src, 'd.ts'))).toBeNull();
  });
});
