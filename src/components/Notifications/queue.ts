/**
 * The site's notification queue: tiny, in the first load. `notify()` can be
 * called from anywhere (pages, the navbar, clients); the snackbar UI itself
 * is loaded the first time something is queued.
 */
export type NotificationSeverity = 'error' | 'success' | 'warning' | 'info';

export interface NotificationInput {
  severity: NotificationSeverity;
  message: string;
}

export interface QueuedNotification extends NotificationInput {
  id: number;
}

/** Spec §9: notifications hide after 5000 ms. */
export const NOTIFICATION_AUTO_HIDE_MS = 5000;

let nextId = 1;
const pending: QueuedNotification[] = [];
const listeners = new Set<() => void>();

export function notify(notification: NotificationInput): void {
  if (!notification.message) return;
  pending.push({ ...notification, id: nextId++ });
  listeners.forEach((listener) => listener());
}

/** Removes and returns the oldest waiting notification. */
export function takeNextNotification(): QueuedNotification | undefined {
  return pending.shift();
}

export function hasPendingNotifications(): boolean {
  return pending.length > 0;
}

export function subscribeNotifications(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
