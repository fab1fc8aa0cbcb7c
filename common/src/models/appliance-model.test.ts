import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { modelKeyOf, sectionIdOf, MODEL_CSV_HEADER } from './appliance-model';
import { modelListQuerySchema, readModelImport } from './appliance-model.schema';

const NS = 'xmlns="http://www.w3.org/2000/svg"';
const drawingWith = (...refs: string[]) => `<svg ${NS} viewBox="0 0 100 100">${refs.map((r) => `<text data-ref="${r}">${r}</text>`).join('')}</svg>`;
const model = (over: Record<string, unknown> = {}) => ({
  modelNumber: 'NRT-18 FZ/W',
  brand: 'Nordcold',
  applianceType: 'top-freezer-refrigerator',
  title: '18 cu ft top-freezer refrigerator',
  sections: [
    {
      name: 'Freezer Door',
      diagramSvg: drawingWith('1', '2'),
      callouts: [
        { ref: '1', partNumber: 'FP-GSK-096' },
        { ref: '2', partNumber: 'FP-THM-CC-036', quantity: 2, note: 'upper' },
      ],
    },
  ],
  ...over,
});

describe('readModelImport: JSON', () => {
  it('reads models, giving sections an id from their name and callouts their defaults', () => {
    const read = readModelImport({ models: [model()] });
    expect(read.problems).toEqual({});
    expect(read.models).toHaveLength(1);
    const [section] = read.models[0]!.input.sections;
    expect(section!.id).toBe('freezer-door');
    expect(section!.callouts).toEqual([
      { ref: '1', partNumber: 'FP-GSK-096', quantity: 1, note: '' },
      { ref: '2', partNumber: 'FP-THM-CC-036', quantity: 2, note: 'upper' },
    ]);
    expect(modelKeyOf(read.models[0]!.input.modelNumber)).toBe('NRT18FZW');
  });

  it('names each bad model and field, every problem of a model at once, and keeps the good ones apart', () => {
    const long = 'x'.repeat(10_000);
    const read = readModelImport({
      models: [
        model(),
        model({ modelNumber: 'BB-2', brand: long }),
        model({
          modelNumber: 'CC-3',
          sections: [
            {
              name: 'Door',
              diagramSvg: drawingWith('1'),
              callouts: [
                { ref: '1', partNumber: 'X1' },
                { ref: '1', partNumber: 'X2', quantity: 100 },
              ],
            },
          ],
        }),
        model({ modelNumber: 'nrt 18 fzw' }),
        model({ modelNumber: 'DD-4', sections: [{ name: 'Door', diagramSvg: '<svg><script/></svg>', callouts: [{ ref: '7', partNumber: 'X1' }] }] }),
        model({ modelNumber: 'EE-5', sections: [{ name: 'Door', diagramSvg: drawingWith('1'), callouts: [{ ref: '9', partNumber: 'X1' }] }] }),
      ],
    });
    expect(read.models.map((m) => m.index)).toEqual([0]);
    expect(read.problems).toEqual({
      'models.1.brand': expect.stringMatching(/Brand is too long/),
      'models.2.sections.0.callouts.1.quantity': expect.stringMatching(/quantity must be a whole number from 1 to 99/),
      // Beside the bad quantity, not only once it is mended (issue 43).
      'models.2.sections.0.callouts.1.ref': 'Callout 1 is already callout 1 of Door',
      'models.3.modelNumber': 'nrt 18 fzw is also model 1 of this import',
      'models.4.sections.0.diagramSvg': expect.stringMatching(/must declare xmlns|script/),
      'models.5.sections.0.callouts.0.ref': expect.stringMatching(/has no callout 9/),
    });
  });

  it('names a duplicate ref in a section, when the rest of the model is good', () => {
    const read = readModelImport({
      models: [
        model({
          sections: [
            {
              name: 'Door',
              diagramSvg: drawingWith('1'),
              callouts: [
                { ref: '1', partNumber: 'X1' },
                { ref: '1', partNumber: 'X2' },
              ],
            },
          ],
        }),
      ],
    });
    expect(read.problems).toEqual({ 'models.0.sections.0.callouts.1.ref': 'Callout 1 is already callout 1 of Door' });
  });

  it('lists every well-formed callout number, of the models that failed their checks too, for the import to resolve in the same pass', () => {
    const read = readModelImport({
      models: [
        model(),
        // A bad brand and a bad quantity: its numbers are still looked up.
        model({
          modelNumber: 'BB-2',
          brand: '',
          sections: [
            {
              name: 'Door',
              diagramSvg: drawingWith('4', '5'),
              callouts: [
                { ref: '4', partNumber: 'ZZ-404', quantity: 0 },
                { ref: '5', partNumber: 42 },
              ],
            },
          ],
        }),
      ],
    });
    expect(read.models.map((m) => m.index)).toEqual([0]);
    expect(read.numbers).toEqual([
      { field: 'models.0.sections.0.callouts.0.partNumber', label: 'Callout 1 of Freezer Door', partNumber: 'FP-GSK-096' },
      { field: 'models.0.sections.0.callouts.1.partNumber', label: 'Callout 2 of Freezer Door', partNumber: 'FP-THM-CC-036' },
      // The malformed number (42) is the schema's problem, not looked up.
      { field: 'models.1.sections.0.callouts.0.partNumber', label: 'Callout 4 of Door', partNumber: 'ZZ-404' },
    ]);
    expect(Object.keys(read.problems).sort()).toEqual([
      'models.1.brand',
      'models.1.sections.0.callouts.0.quantity',
      'models.1.sections.0.callouts.1.partNumber',
    ]);
  });

  it('refuses a body that is neither form', () => {
    expect(readModelImport({ models: [] }).problems).toEqual({ models: 'models is empty' });
    expect(Object.keys(readModelImport({ other: 1 }).problems)).toHaveLength(1);
  });
});

describe('readModelImport: CSV', () => {
  const header = MODEL_CSV_HEADER.join(',');
  const csv = (...lines: string[]) => [header, ...lines].join('\n');
  const top = 'NRT-18FZ,Nordcold,top-freezer-refrigerator,18 cu ft top-freezer';

  it('groups lines into models and sections, and finds drawings by model/section or by a unique section name', () => {
    const read = readModelImport({
      csv: csv(`${top},Freezer door,1,FP-GSK-096,1,`, `${top},Freezer door,2,FP-THM-CC-036,,"upper, left"`, `${top},Compressor,1,FP-CMP-134A-033,1,`),
      diagrams: { 'nrt 18fz/freezer door': drawingWith('1', '2'), Compressor: drawingWith('1') },
    });
    expect(read.problems).toEqual({});
    const m = read.models[0]!.input;
    expect(m.sections.map((s) => [s.id, s.callouts.map((c) => [c.ref, c.quantity, c.note])])).toEqual([
      [
        'freezer-door',
        [
          ['1', 1, ''],
          ['2', 1, 'upper, left'],
        ],
      ],
      ['compressor', [['1', 1, '']]],
    ]);
    expect(read.fieldOf(0, { section: 1, callout: 0 })).toBe('lines.4');
  });

  it('names each bad line by its number in the file, and a bad drawing by its key', () => {
    const read = readModelImport({
      csv: csv(
        `${top},Door,1,FP-GSK-096,1,`,
        `${top},Door,1,FP-THM-CC-036,1,`,
        `${top},Door,2,XX1,0,`,
        'only,three,cells',
        `NRT-18FZ,Arctica,top-freezer-refrigerator,18 cu ft top-freezer,Door,3,XX1,1,`,
      ),
      diagrams: { 'NRT-18FZ/Door': `<svg ${NS}><text data-ref="1" onclick="x">1</text></svg>`, 'Other/Door': drawingWith('1') },
    });
    expect(read.models).toEqual([]);
    expect(read.problems).toEqual({
      // The duplicate ref beside the other lines' problems, in the same answer (issue 43).
      'lines.3': 'Line 3: Callout 1 is already callout 1 of Door',
      'lines.4': 'Line 4: quantity must be a whole number from 1 to 99',
      'lines.5': expect.stringMatching(/cells/),
      'lines.6': 'Line 6: brand differs from line 2 of model NRT-18FZ',
      'diagrams.NRT-18FZ/Door': expect.stringMatching(/event handler/),
      'diagrams.Other/Door': 'The drawing Other/Door belongs to no section of the file',
    });
  });

  it('names the line of a duplicate ref', () => {
    const read = readModelImport({
      csv: csv(`${top},Door,1,FP-GSK-096,1,`, `${top},Door,1,FP-THM-CC-036,1,`, `${top},Door,2,XX1,1,`),
      diagrams: { Door: drawingWith('1', '2') },
    });
    expect(read.problems).toEqual({ 'lines.3': 'Line 3: Callout 1 is already callout 1 of Door' });
    // Each callout's number by its line, for the import to resolve.
    expect(read.numbers.map((n) => [n.field, n.partNumber])).toEqual([
      ['lines.2', 'FP-GSK-096'],
      ['lines.3', 'FP-THM-CC-036'],
      ['lines.4', 'XX1'],
    ]);
  });

  it('names a section without a drawing, and a file without its header', () => {
    expect(readModelImport({ csv: csv(`${top},Door,1,FP-GSK-096,1,`), diagrams: {} }).problems).toEqual({
      'lines.2': 'Line 2: there is no drawing for section Door of NRT-18FZ: send it in diagrams as "NRT-18FZ/Door"',
    });
    expect(readModelImport({ csv: 'a,b\n1,2', diagrams: {} }).problems).toEqual({ file: `The first line must be the header ${header}` });
  });
});

describe('model queries and ids', () => {
  it('needs 3 letters or digits after norm in q', () => {
    expect(modelListQuerySchema.safeParse({ q: 'n-r' }).success).toBe(false);
    expect(modelListQuerySchema.safeParse({ q: 'nr t' }).success).toBe(true);
    expect(modelListQuerySchema.safeParse({ q: 'x', other: '1' }).success).toBe(false);
  });

  it('gives every section name an id of the id pattern', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), (name) => {
        expect(sectionIdOf(name)).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
        expect(sectionIdOf(name).length).toBeLessThanOrEqual(40);
      }),
    );
  });
});
