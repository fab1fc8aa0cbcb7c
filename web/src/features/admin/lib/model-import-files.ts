import { csvCells } from '@fridgeparts/common/csv';
import { DRAWING_MAX_BYTES } from '@fridgeparts/common/models/drawing-svg';
import { MODEL_CSV_HEADER, MODEL_IMPORT_MAX_BYTES, modelKeyOf } from '@fridgeparts/common/models/model-basics';

/**
 * The admin's model import (CONTRACT §12, decision 0051) read in the browser: the files chosen
 * become POST /models/import's body, `{ models }` from a .json file or `{ csv, diagrams }` from a
 * .csv file and its .svg drawings, within the server's limits (a drawing 200 KB, the body 8 MB),
 * and the server's 400 `fields` become a list a person can act on. No zod here (the page's first
 * load stays light): what a model must hold is the server's to say, all of it in one answer.
 */

/** What was sent, kept to name the server's answer: the models' numbers as the files write them, the drawings' files. */
export interface PreparedImport {
  body: unknown;
  /** The files read, by name. */
  files: string[];
  /** Each model's number as the file first writes it, by model key (the 201 answers keys). */
  numbers: Map<string, string>;
  /** The JSON form's models in order (a 400 names them by index): number and section names where the file has them. */
  models: { modelNumber?: string; sections: (string | undefined)[] }[];
  /** The CSV form's drawing files by their key in `diagrams` (a 400 names them by key). */
  drawingFiles: Map<string, string>;
}

export type Prepared = { ok: true; prepared: PreparedImport } | { ok: false; problems: string[] };

const EXTENSION = /\.([a-z0-9]+)$/i;
const extensionOf = (name: string) => EXTENSION.exec(name)?.[1]?.toLowerCase() ?? '';
const baseOf = (name: string) => name.replace(EXTENSION, '');

const KB = 1024;
const MB = 1024 * 1024;
/** A size as a person reads it next to the limit: "250 KB", "8.3 MB". */
export function sizeText(bytes: number): string {
  if (bytes < MB) return `${Math.ceil(bytes / KB)} KB`;
  const mb = Math.ceil((bytes / MB) * 10) / 10;
  return `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB`;
}

/**
 * A name compared loosely: lower case, letters and digits only, so a drawing saved as
 * "nrt-18f2w_freezer-door.svg" is the one of model NRT-18F2W's section "Freezer door".
 */
const loose = (s: string) =>
  s
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');

const utf8Length = (text: string) => new TextEncoder().encode(text).length;

/** The files as the import takes them: which form, and whether their sizes fit the server's limits. */
function checkChoice(files: readonly File[]): string[] {
  if (files.length === 0) return ['Choose a .json file, or a .csv file with its .svg drawings.'];
  const problems: string[] = [];
  const of = (ext: string) => files.filter((f) => extensionOf(f.name) === ext);
  const [json, csv, svg] = [of('json'), of('csv'), of('svg')];
  for (const f of files) if (!['json', 'csv', 'svg'].includes(extensionOf(f.name))) problems.push(`${f.name} is not a .json, .csv or .svg file.`);
  if (json.length > 1 || csv.length > 1) problems.push('Choose one .json or one .csv file at a time.');
  else if (json.length === 1 && csv.length + svg.length > 0)
    problems.push('A .json file holds its drawings itself (diagramSvg): choose it alone, or a .csv file with its .svg drawings.');
  else if (csv.length === 0 && json.length === 0 && svg.length > 0) problems.push('The .svg drawings go with a .csv file: choose the .csv file too.');
  for (const f of svg)
    if (f.size > DRAWING_MAX_BYTES) problems.push(`${f.name} is ${sizeText(f.size)}: a drawing may be at most ${sizeText(DRAWING_MAX_BYTES)}.`);
  const total = files.reduce((sum, f) => sum + f.size, 0);
  if (total > MODEL_IMPORT_MAX_BYTES) problems.push(tooLarge(total));
  return problems;
}

const tooLarge = (bytes: number) =>
  `The import is ${sizeText(bytes)}: at most ${sizeText(MODEL_IMPORT_MAX_BYTES)} go in one import. Split the models over several imports.`;

/** The JSON form: the file's `{ models: [...] }` (or a bare list of models), sent as it is; the server checks every model. */
function fromJson(file: File, text: string): Prepared {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (e) {
    return { ok: false, problems: [`${file.name} is not valid JSON: ${(e as Error).message}`] };
  }
  const body = Array.isArray(parsed) ? { models: parsed } : parsed;
  const list = (body as { models?: unknown } | null)?.models;
  const models = (Array.isArray(list) ? list : []).map((m) => {
    const model = (m ?? {}) as { modelNumber?: unknown; sections?: unknown };
    const sections = Array.isArray(model.sections) ? model.sections.map((s) => textOf((s as { name?: unknown } | null)?.name)) : [];
    return { modelNumber: textOf(model.modelNumber), sections };
  });
  const numbers = new Map<string, string>();
  for (const m of models) if (m.modelNumber && !numbers.has(modelKeyOf(m.modelNumber))) numbers.set(modelKeyOf(m.modelNumber), m.modelNumber);
  return { ok: true, prepared: { body, files: [file.name], numbers, models, drawingFiles: new Map() } };
}

const textOf = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined);

/**
 * The CSV form: the file's text as it is, and each drawing under the key the server looks it up by
 * (decision 0051): "modelKey/section" when the file's name is the model number and the section
 * ("NRT-18F2W Freezer door.svg"), the section alone when it is only the section ("Freezer door.svg":
 * the server takes it when one model of the file has that section), else its own name (the server
 * then says it belongs to no section). Which lines lack a drawing is the server's to say, by line.
 */
function fromCsv(file: File, text: string, drawings: { file: File; svg: string }[]): Prepared {
  const numbers = new Map<string, string>();
  // Each section of the file once, as first written: its model number and its name.
  const sections = new Map<string, { modelNumber: string; section: string }>();
  const rows = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const header = csvCells(rows[0] ?? '')?.map((h) => h.trim());
  const headerOk = header?.join(',') === MODEL_CSV_HEADER.join(',');
  if (headerOk)
    for (const row of rows.slice(1)) {
      const cells = csvCells(row)?.map((c) => c.trim());
      const [modelNumber = '', , , , section = ''] = cells ?? [];
      if (!modelNumber || !section) continue;
      const key = modelKeyOf(modelNumber);
      if (!numbers.has(key)) numbers.set(key, modelNumber);
      const id = `${key}/${section.toLowerCase()}`;
      if (!sections.has(id)) sections.set(id, { modelNumber: numbers.get(key)!, section });
    }

  const problems: string[] = [];
  const diagrams: Record<string, string> = {};
  const drawingFiles = new Map<string, string>();
  const all = [...sections.values()];
  for (const { file: drawing, svg } of drawings) {
    const name = loose(baseOf(drawing.name));
    const both = all.find((s) => loose(s.modelNumber + s.section) === name);
    const alone = all.find((s) => loose(s.section) === name);
    // By the model's key: a model number may hold a slash, the key never does.
    const key = both ? `${modelKeyOf(both.modelNumber)}/${both.section}` : alone ? alone.section : baseOf(drawing.name);
    const earlier = drawingFiles.get(key);
    if (earlier !== undefined) {
      const of = both ? `${both.modelNumber} ${both.section}` : key;
      problems.push(`${earlier} and ${drawing.name} are both the drawing of ${of}: keep one.`);
      continue;
    }
    diagrams[key] = svg;
    drawingFiles.set(key, drawing.name);
  }
  if (problems.length > 0) return { ok: false, problems };
  return { ok: true, prepared: { body: { csv: text, diagrams }, files: [file.name, ...drawings.map((d) => d.file.name)], numbers, models: [], drawingFiles } };
}

/** Reads the files chosen (File.text()) into the import's body, or says why they cannot be sent. */
export async function prepareModelImport(files: readonly File[]): Promise<Prepared> {
  const problems = checkChoice(files);
  if (problems.length > 0) return { ok: false, problems };
  const json = files.find((f) => extensionOf(f.name) === 'json');
  let prepared: Prepared;
  if (json) prepared = fromJson(json, await json.text());
  else {
    const csv = files.find((f) => extensionOf(f.name) === 'csv')!;
    const svgs = files.filter((f) => extensionOf(f.name) === 'svg');
    const [text, ...drawings] = await Promise.all([csv.text(), ...svgs.map((f) => f.text())]);
    prepared = fromCsv(
      csv,
      text!,
      svgs.map((file, i) => ({ file, svg: drawings[i]! })),
    );
  }
  if (!prepared.ok) return prepared;
  // The body as it goes: JSON escapes a drawing's quotes and line breaks, so it can outgrow its files.
  const bytes = utf8Length(JSON.stringify(prepared.prepared.body));
  return bytes > MODEL_IMPORT_MAX_BYTES ? { ok: false, problems: [tooLarge(bytes)] } : prepared;
}

/** One problem of a refused import: where it is (a line, a model, a drawing) and what to do. */
export interface ImportProblem {
  key: string;
  where: string;
  message: string;
}

const LINE = /^lines\.(\d+)$/;
/** The server's way to send a missing drawing, `send it in diagrams as "NRT-18F2W/Freezer door"`, said as the file to choose. */
const SEND_IN_DIAGRAMS = /send it in diagrams as "([^"/]+)\/([^"]+)"/;
const forPeople = (message: string) =>
  message.replace(SEND_IN_DIAGRAMS, (_, model: string, section: string) => `choose its drawing too, named "${model} ${section}.svg"`);
const MODEL = /^models\.(\d+)(?:\.(.*))?$/;

/** Where a `models.{i}...` field points, in words: "Model 2 (NRT-18F2W), section Freezer door, callout 3". */
function modelPlace(prepared: PreparedImport, index: number, rest: string | undefined): string {
  const model = prepared.models[index];
  let where = `Model ${index + 1}${model?.modelNumber ? ` (${model.modelNumber})` : ''}`;
  const path = rest ? rest.split('.') : [];
  for (let i = 0; i < path.length; i++) {
    const part = path[i]!;
    const next = Number(path[i + 1]);
    if (part === 'sections' && Number.isInteger(next)) {
      where += `, section ${model?.sections[next] ?? next + 1}`;
      i++;
    } else if (part === 'callouts' && Number.isInteger(next)) {
      where += `, callout ${next + 1}`;
      i++;
    } else where += `, ${part}`;
  }
  return where;
}

/**
 * The server's 400 `fields` as a list in the files' order: the file as a whole first, then its
 * lines by number, its models by place, its drawings by file name. Each message said once, with
 * the place it names in front ("Line 12" rather than the server's "Line 12: " inside the message).
 */
export function importProblems(fields: Record<string, string>, prepared: PreparedImport): ImportProblem[] {
  const rank = (key: string): [number, number] => {
    if (key === 'file') return [0, 0];
    const line = LINE.exec(key);
    if (line) return [1, Number(line[1])];
    const model = MODEL.exec(key);
    if (model) return [2, Number(model[1])];
    return key.startsWith('diagrams.') ? [3, 0] : [4, 0];
  };
  const ordered = Object.entries(fields).sort(([a], [b]) => {
    const [ra, rb] = [rank(a), rank(b)];
    return ra[0] - rb[0] || ra[1] - rb[1] || a.localeCompare(b);
  });
  return ordered.map(([key, message]) => {
    const line = LINE.exec(key);
    if (line) return { key, where: `Line ${line[1]}`, message: forPeople(message.replace(/^Line \d+:\s*/, '')) };
    const model = MODEL.exec(key);
    if (model) return { key, where: modelPlace(prepared, Number(model[1]), model[2]), message };
    if (key.startsWith('diagrams.')) {
      const diagram = key.slice('diagrams.'.length);
      return { key, where: `Drawing ${prepared.drawingFiles.get(diagram) ?? diagram}`, message };
    }
    return { key, where: key === 'file' ? (prepared.files[0] ?? 'The file') : key, message };
  });
}
