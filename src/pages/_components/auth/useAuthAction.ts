/**
 * Runs one identity action at a time: exposes which action is in progress
 * (for button progress) and its error in words. A second submit while one
 * runs is ignored, so nothing is sent twice.
 */
import { useCallback, useRef, useState } from 'react';
import { authErrorMessage } from '@site/src/auth';

export interface AuthAction<Name extends string> {
  pending: Name | null;
  error: string | null;
  setError: (message: string | null) => void;
  /** Resolves true when the action succeeded. */
  run: (name: Name, action: () => Promise<void>) => Promise<boolean>;
}

export default function useAuthAction<Name extends string>(): AuthAction<Name> {
  const [pending, setPending] = useState<Name | null>(null);
  const [error, setError] = useState<string | null>(null);
  const busy = useRef(false);

  const run = useCallback(async (name: Name, action: () => Promise<void>) => {
    if (busy.current) return false;
    busy.current = true;
    setPending(name);
    setError(null);
    try {
      await action();
      return true;
    } catch (caught) {
      setError(authErrorMessage(caught));
      return false;
    } finally {
      busy.current = false;
      setPending(null);
    }
  }, []);

  return { pending, error, setError, run };
}
