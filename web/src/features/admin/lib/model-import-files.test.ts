// @vitest-environment node
// Node's File reads as the browser's does (File.text()); jsdom's has no text().
import { describe, expect, it } from 'vitest';
import { MODEL_CSV_HEADER, MODEL_IMPORT_MAX_BYTES } from '@fridgeparts/common/models/model-basics';
import { DRAWING_MAX_BYTES } from '@fridgeparts/common/models/drawing-svg';
import { importProblems, prepareModelImport, sizeText, type PreparedImport } from './model-import-files';

const file = (name: string, text: string) => new File([text], name);
const HEADER = MODEL_CSV_HEADER.join(',');
const SVG = '<svg xmlns="http://www.w3.org/2000/svg"><text data-ref="1">1</text></svg>';
const CSV = [
  HEADER,
  'NRT-18F2W,Nordcold,top-freezer-refrigerator,Nordcold top-freezer,Freezer door,1,FP-GSK-096,1,Gasket',
  'NRT-18F2W,Nordcold,top-freezer-refrigerator,Nordcold top-freezer,Machine compartment,1,FP-CMP-134A-033,,',
  'nrt 18f2w,Nordcold,top-freezer-refrigerator,Nordcold top-freezer,Freezer door,2,FP-THM-CC-036,1,',
  'ARB-22.4X,Arctica,bottom-freezer-refrigerator,"Arctica, bottom-freezer",Freezer door,1,FP-GSK-UNI-096,1,',
].join('\n');

async function prepared(files: File[]): Promise<PreparedImport> {
  const read = await prepareModelImport(files);
  if (!read.ok) throw new Error(`refused: ${read.problems.join('; ')}`);
  return read.prepared;
}

async function problems(files: File[]): Promise<string[]> {
  const read = await prepareModelImport(files);
  if (read.ok) throw new Error('was accepted');
  return read.problems;
}

describe('prepareModelImport: the files chosen as POST /models/import’s body', () => {
  it('sends a .json file’s { models } as it is, and a bare list of models as { models }', async () => {
    const models = [{ modelNumber: 'NRT-18F2W', sections: [{ name: 'Freezer door' }, { name: 'Machine compartment' }] }, { modelNumber: 'ARB-22.4X' }];
    const wrapped = await prepared([file('models.json', JSON.stringify({ models }))]);
    expect(wrapped.body).toEqual({ models });
    expect(wrapped.models).toEqual([
      { modelNumber: 'NRT-18F2W', sections: ['Freezer door', 'Machine compartment'] },
      { modelNumber: 'ARB-22.4X', sections: [] },
    ]);
    expect([...wrapped.numbers]).toEqual([
      ['NRT18F2W', 'NRT-18F2W'],
      ['ARB224X', 'ARB-22.4X'],
    ]);
    expect((await prepared([file('list.JSON', `\uFEFF${JSON.stringify(models)}`)])).body).toEqual({ models });
  });

  it('says a .json file that is not JSON, naming it', async () => {
    expect(await problems([file('models.json', '{ "models": [')])).toEqual([expect.stringMatching(/^models\.json is not valid JSON: /)]);
  });

  it('sends a .csv file as text with each drawing under the key the server looks it up by', async () => {
    const read = await prepared([
      file('models.csv', CSV),
      // Model number and section, spelled any way: NRT-18F2W's "Freezer door".
      file('nrt-18f2w_freezer door.svg', SVG),
      // The section alone: the server takes it when one model of the file has that section.
      file('Machine Compartment.svg', SVG),
      // ARB-22.4X's "Freezer door" by model number and section.
      file('ARB-22.4X Freezer door.svg', SVG),
      // Nothing of the file: sent under its name, the server says it belongs to no section.
      file('spare.svg', SVG),
    ]);
    expect(read.body).toEqual({
      csv: CSV,
      diagrams: { 'NRT18F2W/Freezer door': SVG, 'Machine compartment': SVG, 'ARB224X/Freezer door': SVG, spare: SVG },
    });
    expect([...read.drawingFiles]).toEqual([
      ['NRT18F2W/Freezer door', 'nrt-18f2w_freezer door.svg'],
      ['Machine compartment', 'Machine Compartment.svg'],
      ['ARB224X/Freezer door', 'ARB-22.4X Freezer door.svg'],
      ['spare', 'spare.svg'],
    ]);
    // The numbers as the file first writes them, for the 201's keys.
    expect([...read.numbers]).toEqual([
      ['NRT18F2W', 'NRT-18F2W'],
      ['ARB224X', 'ARB-22.4X'],
    ]);
    expect(read.files).toEqual(['models.csv', 'nrt-18f2w_freezer door.svg', 'Machine Compartment.svg', 'ARB-22.4X Freezer door.svg', 'spare.svg']);
  });

  it('refuses two drawings of one section', async () => {
    expect(await problems([file('models.csv', CSV), file('NRT-18F2W Freezer door.svg', SVG), file('nrt18f2w-freezer-door.svg', SVG)])).toEqual([
      'NRT-18F2W Freezer door.svg and nrt18f2w-freezer-door.svg are both the drawing of NRT-18F2W Freezer door: keep one.',
    ]);
  });

  it('takes one .json alone, or one .csv with .svg drawings, and says what else is wrong', async () => {
    expect(await problems([])).toEqual(['Choose a .json file, or a .csv file with its .svg drawings.']);
    expect(await problems([file('a.json', '{}'), file('b.svg', SVG)])).toEqual([
      'A .json file holds its drawings itself (diagramSvg): choose it alone, or a .csv file with its .svg drawings.',
    ]);
    expect(await problems([file('a.csv', CSV), file('b.csv', CSV)])).toEqual(['Choose one .json or one .csv file at a time.']);
    expect(await problems([file('b.svg', SVG)])).toEqual(['The .svg drawings go with a .csv file: choose the .csv file too.']);
    expect(await problems([file('a.csv', CSV), file('parts.xlsx', 'x')])).toEqual(['parts.xlsx is not a .json, .csv or .svg file.']);
  });

  it(`bounds the sizes as the server does: a drawing ${DRAWING_MAX_BYTES / 1024} KB, the import ${MODEL_IMPORT_MAX_BYTES / 1024 / 1024} MB`, async () => {
    const fits = file('Freezer door.svg', 'x'.repeat(DRAWING_MAX_BYTES));
    expect((await prepareModelImport([file('a.csv', CSV), fits])).ok).toBe(true);
    expect(await problems([file('a.csv', CSV), file('Freezer door.svg', 'x'.repeat(DRAWING_MAX_BYTES + 1))])).toEqual([
      'Freezer door.svg is 201 KB: a drawing may be at most 200 KB.',
    ]);
    expect(await problems([file('big.json', ' '.repeat(MODEL_IMPORT_MAX_BYTES + 1))])).toEqual([
      'The import is 8.1 MB: at most 8 MB go in one import. Split the models over several imports.',
    ]);
    // Files under the limit whose body outgrows it once JSON escapes the drawings' quotes.
    const quotes = '"'.repeat(DRAWING_MAX_BYTES - 10);
    const drawings = Array.from({ length: 21 }, (_, i) => file(`d${i}.svg`, quotes));
    expect(await problems([file('a.csv', CSV), ...drawings])).toEqual([expect.stringMatching(/^The import is 8\.\d MB: at most 8 MB go in one import/)]);
  });

  it('writes sizes as a person reads them against the limit', () => {
    expect(sizeText(DRAWING_MAX_BYTES)).toBe('200 KB');
    expect(sizeText(MODEL_IMPORT_MAX_BYTES)).toBe('8 MB');
    expect(sizeText(MODEL_IMPORT_MAX_BYTES + 1)).toBe('8.1 MB');
  });
});

describe('importProblems: a 400’s fields as a list to act on', () => {
  it('orders the file, its lines by number and its drawings, each with its place in front of the reason', async () => {
    const read = await prepared([file('models.csv', CSV), file('NRT-18F2W Freezer door.svg', SVG), file('spare.svg', SVG)]);
    expect(
      importProblems(
        {
          'diagrams.spare': 'The drawing spare belongs to no section of the file',
          'lines.12': 'Line 12: there is no part FP-NOPE',
          'lines.3': 'Line 3: there is no drawing for section Machine compartment of NRT-18F2W: send it in diagrams as "NRT-18F2W/Machine compartment"',
          'diagrams.NRT18F2W/Freezer door': 'The drawing has no callout 2',
        },
        read,
      ),
    ).toEqual([
      // The server's API words for a missing drawing, said as the file to choose.
      {
        key: 'lines.3',
        where: 'Line 3',
        message: 'there is no drawing for section Machine compartment of NRT-18F2W: choose its drawing too, named "NRT-18F2W Machine compartment.svg"',
      },
      { key: 'lines.12', where: 'Line 12', message: 'there is no part FP-NOPE' },
      { key: 'diagrams.NRT18F2W/Freezer door', where: 'Drawing NRT-18F2W Freezer door.svg', message: 'The drawing has no callout 2' },
      { key: 'diagrams.spare', where: 'Drawing spare.svg', message: 'The drawing spare belongs to no section of the file' },
    ]);
    expect(importProblems({ file: `The first line must be the header ${HEADER}` }, read)).toEqual([
      { key: 'file', where: 'models.csv', message: `The first line must be the header ${HEADER}` },
    ]);
  });

  it('names a JSON model by its place and number, its section by name and its callout by place', async () => {
    const models = [{ modelNumber: 'NRT-18F2W', sections: [{ name: 'Freezer door' }] }, { brand: 'Arctica' }];
    const read = await prepared([file('models.json', JSON.stringify({ models }))]);
    expect(
      importProblems(
        {
          'models.1.modelNumber': 'Model number is required',
          'models.0.sections.0.callouts.2.partNumber': 'Callout 3 of Freezer door: there is no part FP-NOPE',
          'models.0.sections.0.diagramSvg': 'The drawing has a script element',
        },
        read,
      ),
    ).toEqual([
      {
        key: 'models.0.sections.0.callouts.2.partNumber',
        where: 'Model 1 (NRT-18F2W), section Freezer door, callout 3, partNumber',
        message: expect.any(String),
      },
      { key: 'models.0.sections.0.diagramSvg', where: 'Model 1 (NRT-18F2W), section Freezer door, diagramSvg', message: 'The drawing has a script element' },
      { key: 'models.1.modelNumber', where: 'Model 2, modelNumber', message: 'Model number is required' },
    ]);
  });
});
