/**
 * The navbar's search box, with the local search's code loaded when a reader reaches for it
 * (issue 24). The search bar of @easyops-cn/docusaurus-search-local, its autocomplete setup and
 * the worker client (comlink) came with every page's first load, 5 KB gzip that a reader who
 * never searches does not need.
 *
 * Until then this renders the same box, with the same markup and classes: the icon, the input
 * named "Search" and the shortcut hint. Pointing at it, focusing it (by Tab, by a tap or by the
 * shortcut, which this box listens for too) loads the real search bar, which takes the box's
 * place in the same commit: what was typed and the focus carry over, and it starts loading the
 * index as it does on those same gestures (`loadIndexOnMount`, src/plugins/search-a11y).
 */
import {
  lazy,
  startTransition,
  Suspense,
  useCallback,
  useEffect,
  useRef,
  useState,
  type ComponentType,
  type ReactNode,
  type RefObject,
} from 'react';
import clsx from 'clsx';
import useIsBrowser from '@docusaurus/useIsBrowser';
import useIsomorphicLayoutEffect from '@docusaurus/useIsomorphicLayoutEffect';
import { translate } from '@docusaurus/Translate';
import {
  getKeymapHints,
  matchesKeymap,
  parseKeymap,
} from '@easyops-cn/docusaurus-search-local/dist/client/client/utils/keymap';
import { isMacPlatform } from '@easyops-cn/docusaurus-search-local/dist/client/client/utils/platform';
import {
  searchBarShortcut,
  searchBarShortcutHint,
  searchBarShortcutKeymap,
} from '@easyops-cn/docusaurus-search-local/dist/client/client/utils/proxiedGenerated';
import styles from '@easyops-cn/docusaurus-search-local/dist/client/client/theme/SearchBar/SearchBar.module.css';
import ringStyles from '@easyops-cn/docusaurus-search-local/dist/client/client/theme/LoadingRing/LoadingRing.module.css';

interface Props {
  handleSearchBarToggle?: (expanded: boolean) => void;
}

const loadSearchBar = () =>
  import('@theme-original/SearchBar') as Promise<{
    default: ComponentType<Props & { loadIndexOnMount?: boolean }>;
  }>;
const RealSearchBar = lazy(loadSearchBar);

/** What the reader did in the stand-in box before the real one took its place. */
interface Typed {
  value: string;
  focused: boolean;
}

function SearchBox({
  typed,
  onIntent,
  handleSearchBarToggle,
}: Props & { typed: RefObject<Typed>; onIntent: () => void }): ReactNode {
  const isBrowser = useIsBrowser();
  const input = useRef<HTMLInputElement>(null);
  const [focused, setFocused] = useState(false);
  const [empty, setEmpty] = useState(true);

  const onFocus = useCallback(() => {
    typed.current.focused = true;
    setFocused(true);
    handleSearchBarToggle?.(true);
    onIntent();
  }, [typed, onIntent, handleSearchBarToggle]);

  useEffect(() => {
    const box = input.current;
    // Typed into, or focused, before the page was interactive.
    if (box?.value) {
      typed.current.value = box.value;
      setEmpty(false);
    }
    if (box && document.activeElement === box) onFocus();
    if (!searchBarShortcut || !searchBarShortcutKeymap) return undefined;
    const keymap = parseKeymap(searchBarShortcutKeymap);
    const onKeyDown = (event: KeyboardEvent) => {
      if (!matchesKeymap(event, keymap)) return;
      event.preventDefault();
      input.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
    // Once, on mount: the real search bar replaces this box on the first intent.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <div
      className={clsx('navbar__search', styles.searchBarContainer, focused && styles.focused)}
      // As the real search bar: left to right even on a right-to-left page.
      dir="ltr"
    >
      <svg aria-hidden="true" className={styles.searchIcon} focusable="false" viewBox="0 0 16 16">
        <path
          fill="currentColor"
          d="M6.02945 10.20327a4.17382 4.17382 0 1 1 4.17382-4.17382 4.15609 4.15609 0 0 1-4.17382 4.17382Zm9.69195 4.2199-4.8225-4.82338A5.88021 5.88021 0 0 0 12.058 6.02856 6.00467 6.00467 0 1 0 9.59979 10.8989l4.82338 4.82338a.89729.89729 0 0 0 1.29912 0 .89749.89749 0 0 0-.00087-1.29909Z"
        />
      </svg>
      <input
        ref={input}
        placeholder={translate({
          id: 'theme.SearchBar.label',
          message: 'Search',
          description: 'The ARIA label and placeholder for search button',
        })}
        aria-label="Search"
        className={`navbar__search-input ${styles.searchInput}`}
        onMouseEnter={onIntent}
        onFocus={onFocus}
        onBlur={() => {
          typed.current.focused = false;
          setFocused(false);
          handleSearchBarToggle?.(false);
        }}
        onChange={(event) => {
          typed.current.value = event.target.value;
          setEmpty(event.target.value === '');
        }}
      />
      <div className={clsx(ringStyles.loadingRing, styles.searchBarLoadingRing)}>
        <div />
        <div />
        <div />
        <div />
      </div>
      {searchBarShortcut &&
        searchBarShortcutHint &&
        searchBarShortcutKeymap &&
        isBrowser &&
        empty && (
          <div className={styles.searchHintContainer}>
            {getKeymapHints(searchBarShortcutKeymap, isMacPlatform()).map((hint, index) => (
              <kbd key={index} className={styles.searchHint}>
                {hint}
              </kbd>
            ))}
          </div>
        )}
    </div>
  );
}

/**
 * Rendered just before the real search bar: once both are in the page, it hands over what was
 * typed in the stand-in box and, if the box had focus, the focus (before the real bar's own
 * mount effect reads both, as it reads a server-rendered box's).
 */
function HandOver({ typed }: { typed: RefObject<Typed> }): ReactNode {
  const marker = useRef<HTMLSpanElement>(null);
  useIsomorphicLayoutEffect(() => {
    const box = marker.current?.nextElementSibling?.querySelector('input');
    if (!box) return;
    if (typed.current.value) box.value = typed.current.value;
    if (typed.current.focused) box.focus();
  }, [typed]);
  return <span ref={marker} hidden />;
}

export default function SearchBar(props: Props): ReactNode {
  const [wanted, setWanted] = useState(false);
  const typed = useRef<Typed>({ value: '', focused: false });
  const onIntent = useCallback(() => {
    void loadSearchBar();
    // A transition: the stand-in box stays, focused and typed into, until the real one is ready.
    startTransition(() => setWanted(true));
  }, []);
  const box = <SearchBox {...props} typed={typed} onIntent={onIntent} />;
  return (
    <Suspense fallback={box}>
      {wanted ? (
        <>
          <HandOver typed={typed} />
          <RealSearchBar {...props} loadIndexOnMount />
        </>
      ) : (
        box
      )}
    </Suspense>
  );
}
