/**
 * Copy-to-clipboard state for a set of copy buttons: `copied` names the one that copied last
 * (for 2 s, so its label can say "Copied"); a refused copy clears it.
 */
import { useState } from 'react';

export function useCopy(): [string | null, (id: string, text: string) => void] {
  const [copied, setCopied] = useState<string | null>(null);
  const copy = (id: string, text: string) => {
    void navigator.clipboard.writeText(text).then(
      () => {
        setCopied(id);
        window.setTimeout(() => setCopied((current) => (current === id ? null : current)), 2000);
      },
      () => setCopied(null),
    );
  };
  return [copied, copy];
}
