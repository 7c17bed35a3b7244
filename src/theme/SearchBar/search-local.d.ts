/** The parts of the local search's browser files (no bundled types) that ./index.tsx uses. */
declare module '@easyops-cn/docusaurus-search-local/dist/client/client/utils/keymap' {
  export interface Keymap {
    key: string;
    ctrl: boolean;
    alt: boolean;
    shift: boolean;
    meta: boolean;
  }
  export function parseKeymap(keymap: string): Keymap;
  export function matchesKeymap(event: KeyboardEvent, keymap: Keymap): boolean;
  export function getKeymapHints(keymap: string, isMac: boolean): string[];
}

declare module '@easyops-cn/docusaurus-search-local/dist/client/client/utils/platform' {
  export function isMacPlatform(): boolean;
}

declare module '@easyops-cn/docusaurus-search-local/dist/client/client/utils/proxiedGenerated' {
  export const searchBarShortcut: boolean;
  export const searchBarShortcutHint: boolean;
  export const searchBarShortcutKeymap: string;
}
