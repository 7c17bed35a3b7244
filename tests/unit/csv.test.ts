import { describe, expect, it } from 'vitest';
import { csvCell, usageCsv } from '@site/src/pages/settings/_components/usage/csv';
import { toUsageRow } from '@site/src/pages/settings/_components/usage/transactions';

describe('usage CSV', () => {
  it('writes a header and one line per transaction with the raw timestamp', () => {
    const csv = usageCsv([
      toUsageRow({
        id: 't1',
        created_at: '2025-03-10T12:00:00.000Z',
        kind: 'usage',
        deployment: 'object-detection',
        units: 1,
        amount_usd: -0.004,
        api_key_name: 'Key, "prod"',
        balance_after_usd: 24.996,
      }),
    ]);
    expect(csv).toBe(
      'created_at,kind,deployment,units,amount_usd,api_key_name,balance_after_usd,id\r\n' +
        '2025-03-10T12:00:00.000Z,usage,object-detection,1,-0.004,"Key, ""prod""",24.996,t1\r\n',
    );
  });

  it('neutralises spreadsheet formulas in text cells but not negative numbers', () => {
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell(-0.004)).toBe('-0.004');
    expect(csvCell(null)).toBe('');
  });
});
