import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ToolSpecs, specText } from './tool-specs';

describe('ToolSpecs', () => {
  it('shows the category, each spec with its unit in the catalogue order, what it replaces and its cross-references', () => {
    render(
      <ToolSpecs
        tool={{
          category: 'compressors',
          specs: { horsepower: '1/3', refrigerant: 'R-134a', voltage: '115' },
          aliases: [
            { number: 'FP-CMP-134A-030', kind: 'superseded' },
            { number: 'AR-2198597', kind: 'oem', brand: 'Arctica' },
            { number: 'ACME 77', kind: 'competitor', brand: 'ACME' },
          ],
        }}
      />,
    );
    const list = screen.getByTestId('tool-specs');
    expect([...list.querySelectorAll('dt')].map((dt) => dt.textContent)).toEqual([
      'Category',
      'Refrigerant',
      'Voltage',
      'Horsepower',
      'Replaces',
      'Cross-references',
    ]);
    expect([...list.querySelectorAll('dd')].slice(0, 4).map((dd) => dd.textContent)).toEqual(['Compressors', 'R-134a', '115 V', '1/3 HP']);
    expect(within(screen.getByTestId('tool-replaces')).getByText('FP-CMP-134A-030')).toBeTruthy();
    expect(screen.getByTestId('tool-cross-references').textContent).toBe('Arctica AR-2198597 (appliance maker)ACME ACME 77 (equivalent)');
    expect(screen.getByRole('heading', { name: 'Specifications' })).toBeTruthy();
  });

  it('shows nothing for a tool with no category, specs or other numbers', () => {
    const { container } = render(<ToolSpecs tool={{ category: null, specs: {}, aliases: [] }} />);
    expect(container.innerHTML).toBe('');
  });

  it('says a value without a unit as it is', () => {
    expect(specText('refrigerant', 'R-600a')).toBe('R-600a');
    expect(specText('capacitance', '15')).toBe('15 µF');
  });
});
