/** `vapi_••••••••1a2b`: the prefix and the last four characters of a secret. */
export function maskApiKey(key: string): string {
  const underscore = key.indexOf('_');
  const prefix = underscore > 0 && underscore < 8 ? key.slice(0, underscore + 1) : '';
  const tail = key.length > prefix.length + 8 ? key.slice(-4) : '';
  return `${prefix}${'•'.repeat(8)}${tail}`;
}

/** Key names: 1 to 64 characters after trimming (the contract's limits). */
export function validateKeyName(name: string): string | null {
  const trimmed = name.trim();
  if (!trimmed) return 'Enter a name for the key.';
  if (trimmed.length > 64) return 'Use at most 64 characters.';
  return null;
}
