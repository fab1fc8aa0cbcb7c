/**
 * The relevance suite (issue 27, CONTRACT §11): what a technician types at a broken fridge, against
 * the demo catalogue as the seed writes it, and what they must find. A change to the index's
 * words, weights or typo rules that loses one of these fails here.
 */
import { describe, expect, it } from 'vitest';
import { DEMO_DISCONTINUED, DEMO_TOOLS } from '../../../scripts/seed/demo-data';
import { buildCatalogueSearch, suggestionDistance, type SearchableTool, type SearchRequest } from './catalogue-search';
import { CATALOGUE_VOCABULARY } from './vocabulary';

type DemoSearchTool = SearchableTool & { availableQuantity: number };

/** A seed tool as the index holds it. */
const fromSeed = (t: (typeof DEMO_TOOLS)[number], createdAt: string): DemoSearchTool => ({
  _id: t.slug,
  partNumber: t.partNumber,
  name: t.name,
  description: t.description,
  price: t.priceCents / 100,
  availableQuantity: t.availableQuantity,
  createdAt,
  replacedBy: t.replacedBy ?? null,
  category: t.category ?? null,
  specs: t.specs ?? {},
  aliases: t.aliases ?? [],
});

const seeded: DemoSearchTool[] = DEMO_TOOLS.map((t, i) => fromSeed(t, new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString()));

/** Discontinued tools: the seed's, replaced outright, and a chain of two that ends at the thermostat. */
const discontinued: DemoSearchTool[] = [
  ...DEMO_DISCONTINUED.map((t) => fromSeed(t, '2025-01-01T00:00:00.000Z')),
  {
    _id: 'cold-control-a',
    partNumber: 'FP-THM-CC-020',
    name: 'Cold Control, first series',
    description: 'Capillary cold control.',
    price: 12,
    availableQuantity: 0,
    createdAt: '2024-01-01T00:00:00.000Z',
    replacedBy: 'cold-control-b',
  },
  {
    _id: 'cold-control-b',
    partNumber: 'FP-THM-CC-030',
    name: 'Cold Control, second series',
    description: 'Capillary cold control.',
    price: 14,
    availableQuantity: 0,
    createdAt: '2025-01-01T00:00:00.000Z',
    replacedBy: 'mechanical-thermostat-cold-control',
  },
];

const index = buildCatalogueSearch([...seeded, ...discontinued], CATALOGUE_VOCABULARY);
const ids = (request: SearchRequest) => index.search({ limit: 100, ...request }).hits.map((h) => h.tool._id);
const first = (q: string) => index.search({ q, limit: 5 }).hits[0];

describe('numbers in any form (CONTRACT §11)', () => {
  it('finds every demo part first by its number as printed, in lower case, without dashes, with spaces', () => {
    for (const t of seeded) {
      const n = t.partNumber;
      for (const typed of [n, n.toLowerCase(), n.replace(/-/g, ''), n.replace(/-/g, '').toLowerCase(), n.replace(/-/g, ' ').toLowerCase()]) {
        expect(first(typed)?.tool._id, `${typed} finds ${t._id}`).toBe(t._id);
        expect(first(typed)?.matchedBy, typed).toBeNull();
      }
    }
  });

  it('puts the part whose number starts with what is typed next, after the exact one', () => {
    expect(ids({ q: 'FP-TL' }).slice(0, 4).sort()).toEqual(
      ['electronic-refrigerant-leak-detector', 'flaring-tool-kit-45', 'refrigerant-gauge-manifold-4-valve', 'two-stage-rotary-vacuum-pump'].sort(),
    );
    expect(ids({ q: 'fp cmp' })[0]).toBe('hermetic-compressor-1-3hp-r134a');
  });

  it('never matches a number with a typo, nor O for 0', () => {
    expect(ids({ q: 'FP-CMP-134A-034' })).toEqual([]);
    expect(ids({ q: 'FP-GSK-UNI-O96' })).toEqual([]);
    expect(ids({ q: 'FP-SRO-KIT-0I' })).toEqual([]);
  });
});

describe('aliases and discontinued parts', () => {
  it('finds the current part by an older number of ours, saying so', () => {
    expect(first('fp-cmp-134a-030')).toMatchObject({
      tool: { _id: 'hermetic-compressor-1-3hp-r134a' },
      matchedBy: { kind: 'superseded', number: 'FP-CMP-134A-030' },
    });
    expect(first('FPGSK096')).toMatchObject({ tool: { _id: 'magnetic-door-gasket-universal' }, matchedBy: { kind: 'superseded' } });
  });

  it('a start that its own part number and an older one share finds the part as itself', () => {
    // FP-CFM-115-9W replaces FP-CFM-115-7W: both start with "fpcfm115", the older one sorts first.
    expect(first('fpcfm115')).toMatchObject({ tool: { _id: 'condenser-fan-motor' }, matchedBy: null });
    expect(first('fpcfm1157')).toMatchObject({ tool: { _id: 'condenser-fan-motor' }, matchedBy: { kind: 'superseded', number: 'FP-CFM-115-7W' } });
  });

  it("finds the part by the appliance maker's number and by a competitor's, with the brand", () => {
    expect(first('nc 4387130')).toMatchObject({ tool: { _id: 'defrost-timer' }, matchedBy: { kind: 'oem', number: 'NC-4387130', brand: 'Nordcold' } });
    for (const typed of ['ACME 5531', 'acme5531', 'Acme-5531'])
      expect(first(typed), typed).toMatchObject({
        tool: { _id: 'magnetic-door-gasket-universal' },
        matchedBy: { kind: 'competitor', number: 'ACME 5531', brand: 'ACME' },
      });
  });

  it('answers a discontinued part with its replacement, never itself, along whole chains', () => {
    expect(first('FP-DFT-6H21')).toMatchObject({ tool: { _id: 'defrost-timer' }, matchedBy: { kind: 'discontinued', number: 'FP-DFT-6H21' } });
    expect(first('NC-4387100')).toMatchObject({ tool: { _id: 'defrost-timer' }, matchedBy: { kind: 'oem', brand: 'Nordcold' } });
    expect(first('fp thm cc 020')).toMatchObject({
      tool: { _id: 'mechanical-thermostat-cold-control' },
      matchedBy: { kind: 'discontinued', number: 'FP-THM-CC-020' },
    });
    expect(index.current('cold-control-a')?._id).toBe('mechanical-thermostat-cold-control');
    const everything = ids({});
    for (const gone of discontinued) expect(everything).not.toContain(gone._id);
    expect(ids({ q: 'cold control' })).not.toContain('cold-control-a');
    expect(index.size).toBe(seeded.length);
  });
});

describe('words', () => {
  it('needs every word: "fan motor" finds the two fan motors first and nothing without both words', () => {
    const found = ids({ q: 'fan motor' });
    expect(found.slice(0, 2).sort()).toEqual(['condenser-fan-motor', 'evaporator-fan-motor']);
    expect(found).not.toContain('defrost-timer');
    for (const id of found) {
      const t = seeded.find((s) => s._id === id)!;
      expect(`${t.name} ${t.description}`.toLowerCase(), id).toMatch(/fan/);
      expect(`${t.name} ${t.description}`.toLowerCase(), id).toMatch(/motor/);
    }
  });

  it('reads R-134a however it is written', () => {
    const expected = ids({ q: 'R-134a' });
    expect(expected).toContain('hermetic-compressor-1-3hp-r134a');
    expect(expected).toContain('filter-drier');
    for (const typed of ['r134a', 'R134A', 'r-134a', 'R‑134a'.replace('‑', '-'), 'r 134a'])
      expect(ids({ q: typed }).sort(), typed).toEqual([...expected].sort());
  });

  it('forgives one typo in a word of five letters or more, and a swap of neighbours counts as one', () => {
    const cases: [string, string][] = [
      ['thremostat', 'mechanical-thermostat-cold-control'],
      ['condesner', 'condenser-fan-motor'],
      ['compresor', 'hermetic-compressor-1-3hp-r134a'],
      ['gaskte', 'magnetic-door-gasket-universal'],
      ['evaproator', 'evaporator-fan-motor'],
      ['capacitr', 'run-capacitor'],
      ['flarng tool', 'flaring-tool-kit-45'],
    ];
    for (const [typed, id] of cases) expect(ids({ q: typed }).slice(0, 5), typed).toContain(id);
  });

  it('forgives two in a word of eight letters or more, none in a short word', () => {
    expect(ids({ q: 'thremostta' }).slice(0, 5)).toContain('mechanical-thermostat-cold-control');
    expect(ids({ q: 'tmier' })).toContain('defrost-timer');
    expect(ids({ q: 'fam' })).toEqual([]);
  });

  it('takes the last word as the start of a word, as it is being typed', () => {
    expect(ids({ q: 'defrost hea' })[0]).toBe('defrost-heater');
    expect(ids({ q: 'vacu' })).toContain('two-stage-rotary-vacuum-pump');
  });

  it('ranks a name above a description: "compressor" finds the compressor before the relay kit', () => {
    const found = ids({ q: 'compressor' });
    expect(found[0]).toBe('hermetic-compressor-1-3hp-r134a');
    expect(found).toContain('start-relay-overload-kit');
  });

  it('finds a part by its category and specifications in words', () => {
    expect(ids({ q: 'gaskets' })[0]).toBe('magnetic-door-gasket-universal');
    expect(ids({ q: 'fan motors 115v' }).slice(0, 2).sort()).toEqual(['condenser-fan-motor', 'evaporator-fan-motor']);
  });
});

describe('filters and facets', () => {
  it('lists the whole catalogue, oldest first, without a query', () => {
    const all = index.search({ limit: 100 });
    expect(all.total).toBe(seeded.length);
    expect(all.hits.map((h) => h.tool._id)).toEqual(seeded.map((t) => t._id));
  });

  it('narrows by category and spec, values of one key being alternatives', () => {
    expect(ids({ category: ['fan-motors'] }).sort()).toEqual(['condenser-fan-motor', 'evaporator-fan-motor']);
    expect(ids({ specs: { voltage: ['370', '120'] } }).sort()).toEqual(['mechanical-thermostat-cold-control', 'run-capacitor']);
    expect(ids({ category: ['electrical'], specs: { voltage: ['115'] } })).toEqual(['start-relay-overload-kit']);
    expect(ids({ q: 'R-134a', specs: { refrigerant: ['R-134a'] }, category: ['compressors'] })).toEqual(['hermetic-compressor-1-3hp-r134a']);
  });

  it("counts each facet over all hits with that facet's own filter left out", () => {
    const { facets, total } = index.search({ category: ['electrical'], specs: { voltage: ['115'] }, limit: 1 });
    expect(total).toBe(1);
    // Category counts: every 115 V part, whatever its category.
    expect(facets.category).toEqual({ compressors: 1, defrost: 2, 'fan-motors': 2, electrical: 1, tools: 1 });
    // Voltage counts: every electrical part, whatever its voltage.
    expect(facets.voltage).toEqual({ '115': 1, '370': 1 });
    // Other keys: the hits that pass both filters.
    expect(facets.horsepower).toEqual({ '1/3': 1 });
  });

  it('sorts by price and time when asked, and pages without overlap', () => {
    const cheapest = ids({ sort: 'price-asc' });
    expect(cheapest[0]).toBe('filter-drier');
    const pages = [0, 5, 10].flatMap((offset) => index.search({ sort: 'newest', offset, limit: 5 }).hits.map((h) => h.tool._id));
    expect(pages).toEqual([...seeded].reverse().map((t) => t._id));
  });
});

describe('resolving a number (GET /parts/resolve, ordering by number)', () => {
  it("answers a part's own number as current, however it is written", () => {
    for (const typed of ['FP-DFT-8H25', 'fp dft 8h25', 'fpdft8h25'])
      expect(index.resolve(typed), typed).toMatchObject({ found: true, match: 'current', part: { _id: 'defrost-timer' }, via: null, chain: ['FP-DFT-8H25'] });
  });

  it("leads the seed's discontinued timer, its OEM number and a whole chain to the current part", () => {
    expect(index.resolve('FP-DFT-6H21')).toMatchObject({
      found: true,
      match: 'discontinued',
      part: { _id: 'defrost-timer' },
      via: { number: 'FP-DFT-6H21', kind: 'discontinued', brand: null, toolId: 'defrost-timer-6h' },
      chain: ['FP-DFT-6H21', 'FP-DFT-8H25'],
    });
    expect(index.resolve('nc-4387100')).toMatchObject({
      found: true,
      match: 'oem',
      part: { _id: 'defrost-timer' },
      via: { brand: 'Nordcold', toolId: 'defrost-timer-6h' },
    });
    expect(index.resolve('FP-THM-CC-020')).toMatchObject({
      found: true,
      match: 'discontinued',
      part: { _id: 'mechanical-thermostat-cold-control' },
      chain: ['FP-THM-CC-020', 'FP-THM-CC-030', 'FP-THM-CC-036'],
    });
  });

  it('answers superseded, OEM and competitor numbers with their kind and brand', () => {
    expect(index.resolve('FP-GSK-096')).toMatchObject({ found: true, match: 'superseded', part: { _id: 'magnetic-door-gasket-universal' } });
    expect(index.resolve('AR-2198597')).toMatchObject({ found: true, match: 'oem', via: { brand: 'Arctica' } });
    expect(index.resolve('acme5531')).toMatchObject({ found: true, match: 'competitor', via: { number: 'ACME 5531', brand: 'ACME' } });
  });

  it('never resolves a typo, nor O for 0; it suggests the nearest numbers instead', () => {
    expect(index.resolve('FP-GSK-UNI-O96')).toEqual({ found: false, parts: [] });
    expect(index.resolve('FP-DFT-8H26')).toEqual({ found: false, parts: [] });
    expect(index.suggest('FP-GSK-UNI-O96')[0]?._id).toBe('magnetic-door-gasket-universal');
    const near = index.suggest('FP-DFT-8H26').map((t) => t._id);
    expect(near[0]).toBe('defrost-timer');
    expect(near.length).toBeLessThanOrEqual(5);
    expect(near).not.toContain('defrost-timer-6h');
  });

  it('suggests only near numbers: nothing for a number like none of the catalogue’s, however its words or start match (issue 43)', () => {
    // Each of these used to bring up five parts: the same FP- start, or a word of a part's name.
    for (const nonsense of ['FP-ZZZ-999-QQ', 'QWERTY-12345', 'gasket', 'XX1', 'FP'])
      expect(
        index.suggest(nonsense).map((t) => t.partNumber),
        nonsense,
      ).toEqual([]);
    // A typo, a swap of two neighbours, a misread O and a number typed short still find their part.
    expect(index.suggest('FP-DFT-8H26')[0]?._id).toBe('defrost-timer');
    expect(index.suggest('FP-DTF-8H25')[0]?._id).toBe('defrost-timer');
    expect(index.suggest('FP-THM-CC-O36')[0]?._id).toBe('mechanical-thermostat-cold-control');
    expect(index.suggest('FP-THM-CC-03').map((t) => t._id)).toContain('mechanical-thermostat-cold-control');
  });

  it('holds a suggestion to a fifth of the longer number in edits (at least 1), or a start of two thirds of it', () => {
    expect(suggestionDistance('FPDFT8H26', 'FPDFT8H25')).toBe(1);
    expect(suggestionDistance('FPDFT8H25', 'FPDFT6H21')).toBeNull();
    expect(suggestionDistance('FPDTF8H25', 'FPDFT8H25')).toBe(1);
    expect(suggestionDistance('FPGSKUN1096', 'FPGSKUN1069')).toBe(1);
    expect(suggestionDistance('FPGSKUN1096', 'FPGSKUN2069')).toBe(2);
    expect(suggestionDistance('FPTHMCC03', 'FPTHMCC036')).toBe(1);
    expect(suggestionDistance('FPTHM', 'FPTHMCC036')).toBeNull();
    expect(suggestionDistance('W1', 'W2')).toBe(1);
    expect(suggestionDistance('W1', 'FPW1')).toBeNull();
  });

  it('answers an OEM number two parts share as neither, naming both', () => {
    const shared = buildCatalogueSearch(
      [
        { ...seeded[0]!, aliases: [{ number: 'W-1', kind: 'oem', brand: 'Arctica' }] },
        { ...seeded[1]!, aliases: [{ number: 'W1', kind: 'oem', brand: 'Arctica' }] },
      ],
      CATALOGUE_VOCABULARY,
    );
    const r = shared.resolve('w 1');
    expect(r.found).toBe(false);
    expect(!r.found && r.parts.map((p) => p._id).sort()).toEqual([seeded[0]!._id, seeded[1]!._id].sort());
  });
});
