/**
 * The demo's appliance models (CONTRACT §12): four models of two appliance makers (the invented
 * Nordcold and Arctica of demo-finding.ts), a top-freezer and a bottom-freezer refrigerator, a
 * side-by-side and a commercial reach-in cooler, each with drawings of its assemblies. Callouts
 * list the numbers a manufacturer's parts list would: ours, older ones of ours (FP-GSK-096,
 * FP-CMP-134A-030, FP-CFM-115-7W), the discontinued defrost timer FP-DFT-6H21 and the appliance
 * makers' own, so the model page shows "order as" for them. The seed imports them through the
 * function's own import (POST /models/import's service), and the API tests read them from here.
 *
 * Each drawing is a line drawing of the assembly: the parts as simple shapes, a leader line from
 * each part to a numbered circle, the number a `<text data-ref="n">` the web makes a control of.
 */

export interface DemoCallout {
  ref: string;
  partNumber: string;
  quantity?: number;
  note?: string;
  /** Where the leader starts (on the part) and where its numbered circle sits. */
  from: [number, number];
  at: [number, number];
}

export interface DemoSection {
  name: string;
  /** The assembly's outline and parts: SVG shapes inside a 400 x 300 view, stroked by the drawing's style. */
  shapes: string;
  callouts: DemoCallout[];
}

export interface DemoModel {
  modelNumber: string;
  brand: string;
  applianceType: 'top-freezer-refrigerator' | 'bottom-freezer-refrigerator' | 'side-by-side-refrigerator' | 'commercial-reach-in';
  title: string;
  sections: DemoSection[];
}

const STYLE =
  '<style>.part{fill:none;stroke:#1f2933;stroke-width:2;stroke-linejoin:round}.thin{fill:none;stroke:#52606d;stroke-width:1}' +
  '.leader{stroke:#3e4c59;stroke-width:1}.callout circle{fill:#fff;stroke:#1f2933;stroke-width:1.5}' +
  '.callout text{font:bold 12px sans-serif;fill:#1f2933;text-anchor:middle;dominant-baseline:central}</style>';

/** The section's drawing as the import takes it (diagramSvg). */
export function drawingOf(model: DemoModel, section: DemoSection): string {
  const callouts = section.callouts
    .map(
      (c) =>
        `<g class="callout" id="callout-${c.ref}"><line class="leader" x1="${c.from[0]}" y1="${c.from[1]}" x2="${c.at[0]}" y2="${c.at[1]}"/>` +
        `<circle cx="${c.at[0]}" cy="${c.at[1]}" r="11"/><text x="${c.at[0]}" y="${c.at[1]}" data-ref="${c.ref}">${c.ref}</text></g>`,
    )
    .join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 300" role="img" aria-labelledby="t">` +
    `<title id="t">${model.brand} ${model.modelNumber}: ${section.name}</title>${STYLE}<g class="assembly">${section.shapes}</g>${callouts}</svg>`
  );
}

/** A model as POST /models/import takes it in JSON. */
export const importOf = (m: DemoModel) => ({
  modelNumber: m.modelNumber,
  brand: m.brand,
  applianceType: m.applianceType,
  title: m.title,
  sections: m.sections.map((s) => ({
    name: s.name,
    diagramSvg: drawingOf(m, s),
    callouts: s.callouts.map((c) => ({ ref: c.ref, partNumber: c.partNumber, quantity: c.quantity ?? 1, note: c.note ?? '' })),
  })),
});

// Shapes reused by several drawings: a compressor dome, a fan with its motor, a coil.
const compressor = (x: number, y: number) =>
  `<path class="part" d="M${x} ${y + 60}v-40q0-30 45-30t45 30v40z"/><rect class="part" x="${x - 10}" y="${y + 60}" width="110" height="10"/>` +
  `<circle class="thin" cx="${x + 20}" cy="${y + 35}" r="6"/><circle class="thin" cx="${x + 20}" cy="${y + 35}" r="2"/>`;
const fan = (cx: number, cy: number) =>
  `<circle class="part" cx="${cx}" cy="${cy}" r="34"/><path class="thin" d="M${cx} ${cy}q20-28 4-34M${cx} ${cy}q28 20 34 4M${cx} ${cy}q-20 28-4 34M${cx} ${cy}q-28-20-34-4"/>` +
  `<rect class="part" x="${cx - 14}" y="${cy + 36}" width="28" height="22" rx="3"/>`;
const coil = (x: number, y: number, w: number) =>
  `<path class="part" d="M${x} ${y}h${w}v60h-${w}z"/>` + [1, 2, 3, 4, 5].map((i) => `<path class="thin" d="M${x} ${y + i * 10}h${w}"/>`).join('');
const relayAndCapacitor = (x: number, y: number) =>
  `<rect class="part" x="${x}" y="${y}" width="34" height="26" rx="4"/><path class="thin" d="M${x + 6} ${y + 8}h22M${x + 6} ${y + 16}h22"/>` +
  `<rect class="part" x="${x + 50}" y="${y - 10}" width="22" height="44" rx="10"/>`;
const drier = (x: number, y: number) => `<path class="part" d="M${x} ${y}h14v-6h50v18h-50v-6h-14"/>`;
const timer = (x: number, y: number) =>
  `<rect class="part" x="${x}" y="${y}" width="44" height="44" rx="4"/><circle class="thin" cx="${x + 22}" cy="${y + 22}" r="12"/>`;
const thermostat = (x: number, y: number) =>
  `<rect class="part" x="${x}" y="${y}" width="40" height="54" rx="4"/><circle class="part" cx="${x + 20}" cy="${y + 24}" r="12"/><path class="thin" d="M${x + 20} ${y + 14}v10"/><path class="thin" d="M${x + 40} ${y + 40}q40 0 40 40t30 30"/>`;
const heaterBelow = (x: number, y: number, w: number) => `<path class="part" d="M${x} ${y}h${w}q8 0 8 6t-8 6h-${w}q-8 0-8-6t8-6z"/>`;
const doorWithGasket = (x: number, y: number, w: number, h: number) =>
  `<rect class="part" x="${x}" y="${y}" width="${w}" height="${h}" rx="6"/><rect class="thin" x="${x + 8}" y="${y + 8}" width="${w - 16}" height="${h - 16}" rx="4"/>` +
  `<path class="thin" d="M${x + w - 24} ${y + 30}v${h - 60}"/>`;

export const DEMO_MODELS: DemoModel[] = [
  {
    modelNumber: 'NRT-18F2W',
    brand: 'Nordcold',
    applianceType: 'top-freezer-refrigerator',
    title: 'Nordcold 18 cu ft top-freezer refrigerator, white',
    sections: [
      {
        name: 'Freezer door and controls',
        shapes: `${doorWithGasket(40, 30, 200, 120)}${thermostat(290, 40)}${timer(290, 170)}`,
        callouts: [
          { ref: '1', partNumber: 'FP-GSK-096', note: 'Freezer door gasket; the listed number is an older one of ours', from: [40, 90], at: [20, 200] },
          { ref: '2', partNumber: 'FP-THM-CC-036', from: [310, 64], at: [360, 24] },
          { ref: '3', partNumber: 'FP-DFT-6H21', note: 'Defrost timer as built; discontinued', from: [334, 192], at: [376, 260] },
        ],
      },
      {
        name: 'Machine compartment',
        shapes: `<path class="thin" d="M10 280h380"/>${compressor(50, 150)}${fan(270, 150)}${relayAndCapacitor(170, 230)}${drier(60, 110)}`,
        callouts: [
          { ref: '1', partNumber: 'FP-CMP-134A-033', from: [95, 160], at: [40, 40] },
          { ref: '2', partNumber: 'FP-SRO-KIT-01', from: [187, 243], at: [170, 290] },
          { ref: '3', partNumber: 'FP-CAP-15UF-370', from: [231, 232], at: [250, 290] },
          { ref: '4', partNumber: 'FP-CFM-115-9W', from: [270, 150], at: [350, 40] },
          { ref: '5', partNumber: 'FP-FDR-025-SAE', from: [100, 110], at: [150, 40] },
        ],
      },
      {
        name: 'Freezer evaporator',
        shapes: `${coil(60, 80, 220)}${fan(330, 110)}${heaterBelow(60, 160, 220)}`,
        callouts: [
          { ref: '1', partNumber: 'FP-EFM-115-SP', from: [330, 110], at: [360, 30] },
          { ref: '2', partNumber: 'FP-DFH-115-450', from: [170, 172], at: [170, 240] },
        ],
      },
    ],
  },
  {
    modelNumber: 'NSS-25 G5S',
    brand: 'Nordcold',
    applianceType: 'side-by-side-refrigerator',
    title: 'Nordcold 25 cu ft side-by-side refrigerator, stainless',
    sections: [
      {
        name: 'Fresh food controls',
        shapes: `<rect class="part" x="30" y="40" width="240" height="70" rx="6"/>${thermostat(60, 50)}${timer(180, 56)}`,
        callouts: [
          { ref: '1', partNumber: 'NC-2198202', note: 'Cold control, Nordcold number', from: [80, 74], at: [40, 200] },
          { ref: '2', partNumber: 'NC-4387130', note: 'Defrost timer, Nordcold number', from: [202, 78], at: [300, 200] },
        ],
      },
      {
        name: 'Machine compartment',
        shapes: `<path class="thin" d="M10 280h380"/>${compressor(40, 140)}${fan(300, 150)}${relayAndCapacitor(160, 220)}`,
        callouts: [
          { ref: '1', partNumber: 'FP-CMP-134A-030', note: 'Compressor as built; older number', from: [85, 150], at: [40, 40] },
          { ref: '2', partNumber: 'NC-2252173', from: [177, 233], at: [150, 290] },
          { ref: '3', partNumber: 'FP-CFM-115-7W', note: 'Condenser fan motor as built; older number', from: [300, 150], at: [360, 40] },
        ],
      },
    ],
  },
  {
    modelNumber: 'ARB-22.4X',
    brand: 'Arctica',
    applianceType: 'bottom-freezer-refrigerator',
    title: 'Arctica 22 cu ft bottom-freezer refrigerator',
    sections: [
      {
        name: 'Freezer drawer',
        shapes: `${doorWithGasket(40, 120, 320, 140)}${coil(80, 30, 180)}${heaterBelow(80, 98, 180)}`,
        callouts: [
          { ref: '1', partNumber: 'FP-GSK-UNI-096', quantity: 1, note: 'Cut to 88 in', from: [40, 190], at: [20, 290] },
          { ref: '2', partNumber: 'AR-2311012', from: [170, 108], at: [300, 20] },
        ],
      },
      {
        name: 'Machine compartment',
        shapes: `<path class="thin" d="M10 280h380"/>${compressor(50, 150)}${fan(280, 150)}${drier(180, 110)}`,
        callouts: [
          { ref: '1', partNumber: 'AR-2198597', from: [95, 160], at: [40, 40] },
          { ref: '2', partNumber: 'AR-4389145', from: [280, 150], at: [360, 40] },
          { ref: '3', partNumber: 'AR-4389144', note: 'Evaporator fan motor, behind the freezer back panel', from: [294, 206], at: [380, 270] },
          { ref: '4', partNumber: 'FP-FDR-020-SAE', from: [220, 110], at: [220, 40] },
        ],
      },
    ],
  },
  {
    modelNumber: 'ARC-RI1-HC',
    brand: 'Arctica',
    applianceType: 'commercial-reach-in',
    title: 'Arctica one-door commercial reach-in cooler, R-134a',
    sections: [
      {
        name: 'Refrigeration deck',
        shapes: `<rect class="part" x="20" y="120" width="360" height="160" rx="4"/>${compressor(50, 190)}${fan(270, 190)}${relayAndCapacitor(160, 240)}${drier(170, 160)}`,
        callouts: [
          { ref: '1', partNumber: 'FP-CMP-134A-033', from: [95, 200], at: [40, 60] },
          { ref: '2', partNumber: 'FP-CFM-115-9W', from: [270, 190], at: [340, 60] },
          { ref: '3', partNumber: 'FP-SRO-KIT-01', from: [177, 253], at: [150, 60] },
          { ref: '4', partNumber: 'CP-15370', note: 'Run capacitor, CoolPro equivalent', from: [221, 262], at: [250, 60] },
          { ref: '5', partNumber: 'FP-FDR-025-SAE', quantity: 1, from: [200, 160], at: [200, 100] },
        ],
      },
      {
        name: 'Cabinet and door',
        shapes: `${doorWithGasket(40, 20, 180, 260)}${thermostat(260, 40)}${fan(310, 200)}`,
        callouts: [
          { ref: '1', partNumber: 'FP-GSK-UNI-096', quantity: 2, note: 'Two lengths for the door', from: [40, 150], at: [20, 290] },
          { ref: '2', partNumber: 'FP-THM-CC-036', from: [280, 64], at: [380, 20] },
          { ref: '3', partNumber: 'CP-EFM-9', note: 'Evaporator fan motor, CoolPro equivalent', from: [310, 200], at: [380, 140] },
        ],
      },
    ],
  },
];
