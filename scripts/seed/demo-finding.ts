/**
 * How the demo catalogue is found (CONTRACT §11): per demo tool (by slug) its category, specs (keys
 * of common/src/search/vocabulary.ts) and the other numbers it is known by: an older
 * number of ours (`superseded`), the appliance maker's (`oem`) and another maker's equivalent
 * part (`competitor`). The appliance makers and competitors here are invented for the demo.
 */
import type { PartAlias } from '../../common/src/search/part-alias';

export interface DemoFinding {
  category: string;
  specs: Record<string, string>;
  aliases: PartAlias[];
}

export const DEMO_FINDING: Record<string, DemoFinding> = {
  'hermetic-compressor-1-3hp-r134a': {
    category: 'compressors',
    specs: { refrigerant: 'R-134a', voltage: '115', frequency: '60', horsepower: '1/3', capacity: '1000' },
    aliases: [
      { number: 'FP-CMP-134A-030', kind: 'superseded' },
      { number: 'AR-2198597', kind: 'oem', brand: 'Arctica' },
    ],
  },
  'condensing-unit-1hp-r404a': {
    category: 'compressors',
    specs: { refrigerant: 'R-404A', voltage: '230', frequency: '60', horsepower: '1', capacity: '9000' },
    aliases: [{ number: 'AR-5530112', kind: 'oem', brand: 'Arctica' }],
  },
  'magnetic-door-gasket-universal': {
    category: 'gaskets',
    specs: { length: '96' },
    aliases: [
      { number: 'FP-GSK-096', kind: 'superseded' },
      { number: 'ACME 5531', kind: 'competitor', brand: 'ACME' },
    ],
  },
  'mechanical-thermostat-cold-control': {
    category: 'thermostats',
    specs: { voltage: '120', length: '36' },
    aliases: [{ number: 'NC-2198202', kind: 'oem', brand: 'Nordcold' }],
  },
  'defrost-timer': {
    category: 'defrost',
    specs: { voltage: '115', frequency: '60' },
    aliases: [
      { number: 'FP-DFT-8H20', kind: 'superseded' },
      { number: 'NC-4387130', kind: 'oem', brand: 'Nordcold' },
    ],
  },
  'evaporator-fan-motor': {
    category: 'fan-motors',
    specs: { voltage: '115', frequency: '60', speed: '3000' },
    aliases: [
      { number: 'AR-4389144', kind: 'oem', brand: 'Arctica' },
      { number: 'CP-EFM-9', kind: 'competitor', brand: 'CoolPro' },
    ],
  },
  'start-relay-overload-kit': {
    category: 'electrical',
    specs: { voltage: '115', horsepower: '1/3' },
    aliases: [{ number: 'NC-2252173', kind: 'oem', brand: 'Nordcold' }],
  },
  'run-capacitor': {
    category: 'electrical',
    specs: { voltage: '370', capacitance: '15', frequency: '60' },
    aliases: [{ number: 'CP-15370', kind: 'competitor', brand: 'CoolPro' }],
  },
  'filter-drier': {
    category: 'filter-driers',
    specs: { refrigerant: 'R-134a', connection: '1/4' },
    aliases: [{ number: 'FP-FDR-020-SAE', kind: 'superseded' }],
  },
  'refrigerant-gauge-manifold-4-valve': { category: 'gauges', specs: { refrigerant: 'R-410A' }, aliases: [] },
  'flaring-tool-kit-45': { category: 'tools', specs: {}, aliases: [] },
  'two-stage-rotary-vacuum-pump': { category: 'tools', specs: { voltage: '115', horsepower: '1/2', flow: '6' }, aliases: [] },
  'electronic-refrigerant-leak-detector': { category: 'tools', specs: {}, aliases: [] },
  'defrost-heater': {
    category: 'defrost',
    specs: { voltage: '115', power: '450', length: '14' },
    aliases: [{ number: 'AR-2311012', kind: 'oem', brand: 'Arctica' }],
  },
  'condenser-fan-motor': {
    category: 'fan-motors',
    specs: { voltage: '115', frequency: '60', speed: '1500' },
    aliases: [
      { number: 'FP-CFM-115-7W', kind: 'superseded' },
      { number: 'AR-4389145', kind: 'oem', brand: 'Arctica' },
    ],
  },
};
