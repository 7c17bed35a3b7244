/**
 * Probes both hosts now, then every REFRESH_MS while the page is open and the reader online;
 * offline it stops and says so, and checks again as soon as the browser is back online.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { probe, type Probe } from './probe';

export const REFRESH_MS = 30_000;

export interface StatusState {
  account: Probe | null;
  services: Probe | null;
  /** null until known (on the server and before the first effect). */
  online: boolean | null;
  checking: boolean;
  checkNow: () => void;
}

export function useStatus(accountUrl: string, servicesUrl: string): StatusState {
  const [account, setAccount] = useState<Probe | null>(null);
  const [services, setServices] = useState<Probe | null>(null);
  const [online, setOnline] = useState<boolean | null>(null);
  const [checking, setChecking] = useState(false);
  const running = useRef(false);

  const check = useCallback(async () => {
    if (running.current || !navigator.onLine) return;
    running.current = true;
    setChecking(true);
    const [a, s] = await Promise.all([probe(accountUrl), probe(servicesUrl)]);
    running.current = false;
    setChecking(false);
    setAccount(a);
    setServices(s);
  }, [accountUrl, servicesUrl]);

  useEffect(() => {
    const update = () => {
      setOnline(navigator.onLine);
      if (navigator.onLine) void check();
    };
    update();
    const timer = window.setInterval(() => void check(), REFRESH_MS);
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
    };
  }, [check]);

  return { account, services, online, checking, checkNow: () => void check() };
}
