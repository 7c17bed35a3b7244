/** CSV export of the usage range (RFC 4180 quoting; formulas neutralised for spreadsheets). */
import type { UsageRow } from './transactions';

const COLUMNS: { header: string; value: (row: UsageRow) => string | number | null }[] = [
  { header: 'created_at', value: (row) => row.complete_created_at },
  { header: 'kind', value: (row) => row.kind },
  { header: 'deployment', value: (row) => row.deployment },
  { header: 'units', value: (row) => row.units },
  { header: 'amount_usd', value: (row) => row.amount_usd },
  { header: 'api_key_name', value: (row) => row.api_key_name },
  { header: 'balance_after_usd', value: (row) => row.balance_after_usd },
  { header: 'id', value: (row) => row.id },
];

export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  // A cell starting with = + - @ would run as a formula in a spreadsheet (numbers excepted).
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function usageCsv(rows: UsageRow[]): string {
  const lines = [COLUMNS.map((c) => c.header).join(',')];
  for (const row of rows) lines.push(COLUMNS.map((c) => csvCell(c.value(row))).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

export function downloadCsv(filename: string, csv: string): void {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
