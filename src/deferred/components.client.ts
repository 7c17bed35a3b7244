/**
 * The browser's copy of ./components.ts: no component at all, so none is bundled with the page
 * that uses it; ./index.tsx loads each one lazily. Swapped in by src/plugins/deferred-components.
 */
import type { ComponentType } from 'react';

export const serverComponents: Partial<Record<string, ComponentType<never>>> = {};
