import { notify } from '@site/src/components/Notifications';

/** Copies text and says whether it worked. */
export async function copyToClipboard(text: string, what: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    notify({ severity: 'success', message: `${what} copied to the clipboard.` });
    return true;
  } catch {
    notify({
      severity: 'warning',
      message: `Could not copy the ${what.toLowerCase()}: select it and copy it yourself.`,
    });
    return false;
  }
}
