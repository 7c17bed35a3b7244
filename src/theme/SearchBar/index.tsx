/**
 * The navbar search box, loaded on first use. The local search plugin's bar
 * (autocomplete, worker client, highlighting: about 5 KB gzip) is not part of
 * every page's first load: this renders the same input, and swaps in the real
 * bar on hover, focus or the Ctrl/⌘+K shortcut, handing over focus and any
 * text already typed. The index itself was always fetched on first focus, and
 * the PWA precaches both, so search still works offline.
 */
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import {
  useCallback,
  useEffect,
  useRef,
  useState,
  type ComponentType,
  type ReactNode,
} from 'react';
// The plugin's own styles and helpers, so the placeholder looks and answers like the real bar.
import styles from '@easyops-cn/docusaurus-search-local/dist/client/client/theme/SearchBar/SearchBar.module.css';
import {
  getKeymapHints,
  matchesKeymap,
  parseKeymap,
} from '@easyops-cn/docusaurus-search-local/dist/client/client/utils/keymap';
import { isMacPlatform } from '@easyops-cn/docusaurus-search-local/dist/client/client/utils/platform';

/** The plugin's default shortcut (docusaurus.config.ts keeps the default). */
const KEYMAP = 'mod+k';

type SearchBarComponent = ComponentType<Record<string, unknown>>;
let loading: Promise<SearchBarComponent> | null = null;
function loadSearchBar(): Promise<SearchBarComponent> {
  loading ??= import(/* webpackChunkName: "search-bar" */ '@theme-original/SearchBar').then(
    (mod) => mod.default as SearchBarComponent,
  );
  // A failed chunk (offline before the first load was cached) may be retried on the next hover.
  loading.catch(() => (loading = null));
  return loading;
}

function SearchIcon(): ReactNode {
  return (
    <svg aria-hidden="true" className={styles.searchIcon} focusable="false" viewBox="0 0 16 16">
      <path
        fill="currentColor"
        d="M6.02945 10.20327a4.17382 4.17382 0 1 1 4.17382-4.17382 4.15609 4.15609 0 0 1-4.17382 4.17382Zm9.69195 4.2199-4.8225-4.82338A5.88021 5.88021 0 0 0 12.058 6.02856 6.00467 6.00467 0 1 0 9.59979 10.8989l4.82338 4.82338a.89729.89729 0 0 0 1.29912 0 .89749.89749 0 0 0-.00087-1.29909Z"
      />
    </svg>
  );
}

export default function SearchBar(props: Record<string, unknown>): ReactNode {
  const [Real, setReal] = useState<SearchBarComponent | null>(null);
  const [hints, setHints] = useState<string[]>([]);
  const input = useRef<HTMLInputElement>(null);
  const wrapper = useRef<HTMLSpanElement>(null);
  const handOver = useRef<{ focus: boolean; value: string }>({ focus: false, value: '' });

  const load = useCallback(() => {
    void loadSearchBar().then(
      (component) => setReal(() => component),
      () => undefined,
    );
  }, []);

  useEffect(() => {
    if (Real) return undefined;
    setHints(getKeymapHints(KEYMAP, isMacPlatform()));
    const keymap = parseKeymap(KEYMAP);
    const onKey = (event: KeyboardEvent) => {
      if (!matchesKeymap(event, keymap)) return;
      event.preventDefault();
      input.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [Real]);

  // Once the real bar is mounted, give it the focus and the text typed meanwhile.
  useEffect(() => {
    if (!Real) return;
    const real = wrapper.current?.querySelector<HTMLInputElement>('input.navbar__search-input');
    if (!real) return;
    const { focus, value } = handOver.current;
    if (value) {
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(real, value);
      real.dispatchEvent(new Event('input', { bubbles: true }));
    }
    if (focus) real.focus();
  }, [Real]);

  if (Real) {
    return (
      <span ref={wrapper} style={{ display: 'contents' }}>
        <Real {...props} />
      </span>
    );
  }
  return (
    <div className={`navbar__search ${styles.searchBarContainer}`} dir="ltr">
      <SearchIcon />
      <input
        ref={input}
        placeholder="Search"
        aria-label="Search"
        className={`navbar__search-input ${styles.searchInput}`}
        onPointerEnter={load}
        onFocus={() => {
          handOver.current.focus = true;
          load();
        }}
        onBlur={() => (handOver.current.focus = false)}
        onChange={(event) => (handOver.current.value = event.target.value)}
        defaultValue=""
      />
      {ExecutionEnvironment.canUseDOM && hints.length > 0 && (
        <div className={styles.searchHintContainer}>
          {hints.map((hint) => (
            <kbd key={hint} className={styles.searchHint}>
              {hint}
            </kbd>
          ))}
        </div>
      )}
    </div>
  );
}
