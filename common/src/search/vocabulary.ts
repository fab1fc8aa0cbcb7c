import type { SearchVocabulary } from './catalogue-search';

/**
 * The catalogue's categories and spec keys with their labels and units (CONTRACT §11, `GET /specs`):
 * every tool's `category` is one of these keys, and its `specs` are keyed by these. A spec's value
 * is text as printed on the part ("R-134a", "115", "1/3"); its unit is said once, here.
 */
export const CATALOGUE_VOCABULARY: SearchVocabulary = {
  categories: [
    { key: 'compressors', label: 'Compressors' },
    { key: 'gaskets', label: 'Door gaskets' },
    { key: 'thermostats', label: 'Thermostats' },
    { key: 'defrost', label: 'Defrost parts' },
    { key: 'fan-motors', label: 'Fan motors' },
    { key: 'electrical', label: 'Relays and capacitors' },
    { key: 'filter-driers', label: 'Filter driers' },
    { key: 'gauges', label: 'Gauges' },
    { key: 'tools', label: 'Tools' },
  ],
  specs: [
    { key: 'refrigerant', label: 'Refrigerant', unit: '' },
    { key: 'voltage', label: 'Voltage', unit: 'V' },
    { key: 'frequency', label: 'Frequency', unit: 'Hz' },
    { key: 'horsepower', label: 'Horsepower', unit: 'HP' },
    { key: 'capacity', label: 'Capacity', unit: 'BTU/h' },
    { key: 'power', label: 'Power', unit: 'W' },
    { key: 'speed', label: 'Speed', unit: 'RPM' },
    { key: 'capacitance', label: 'Capacitance', unit: 'µF' },
    { key: 'length', label: 'Length', unit: 'in' },
    { key: 'connection', label: 'Connection', unit: 'in' },
    { key: 'flow', label: 'Flow', unit: 'CFM' },
  ],
};
