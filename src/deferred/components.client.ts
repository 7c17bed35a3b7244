/**
 * The browser's copy of ./components.ts: no component at all, so none is bundled with the page
 * that uses it; ./index.tsx loads each one lazily. Swapped in by src/plugins/deferred-components.
 */
import type { ComponentType } from 'react';
import type { DeferredName } from './index';

export const serverComponents: Partial<Record<DeferredName, ComponentType<never>>> = {};
