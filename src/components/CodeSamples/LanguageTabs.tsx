/**
 * The code samples' language tabs: the theme's look (Infima `tabs` classes) and behaviour (arrow
 * keys, Home/End, `?lang=` deep links, the choice remembered under the same storage key as the
 * theme's `groupId="code-language"`), without the theme's Tabs module in every deployment page.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

const STORAGE_KEY = 'docusaurus.tab.code-language';
const QUERY_KEY = 'lang';

export interface LanguageTab<V extends string> {
  value: V;
  label: string;
  content: ReactNode;
}

function readStored(): string | null {
  try {
    return (
      new URLSearchParams(window.location.search).get(QUERY_KEY) ??
      window.localStorage.getItem(STORAGE_KEY)
    );
  } catch {
    return null;
  }
}

export default function LanguageTabs<V extends string>({
  tabs,
}: {
  tabs: Array<LanguageTab<V>>;
}): ReactNode {
  const [selected, setSelected] = useState<V>(tabs[0]!.value);
  const buttons = useRef<Array<HTMLLIElement | null>>([]);
  const id = useId();

  // The server renders the first tab; the reader's choice (link or stored) applies once, after
  // hydration.
  const values = tabs.map((tab) => tab.value).join(' ');
  useEffect(() => {
    const stored = readStored();
    const match = values.split(' ').find((value) => value === stored) as V | undefined;
    if (match) setSelected(match);
  }, [values]);

  const choose = (value: V, focus = false) => {
    setSelected(value);
    try {
      window.localStorage.setItem(STORAGE_KEY, value);
    } catch {
      // Storage disabled: the choice lasts for this page only.
    }
    if (focus) buttons.current[tabs.findIndex((tab) => tab.value === value)]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const last = tabs.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft'
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    choose(tabs[next]!.value, true);
  };

  return (
    <div className="tabs-container">
      <ul role="tablist" aria-orientation="horizontal" className="tabs">
        {tabs.map((tab, index) => {
          const active = tab.value === selected;
          return (
            <li
              key={tab.value}
              ref={(element) => {
                buttons.current[index] = element;
              }}
              role="tab"
              id={`${id}-tab-${tab.value}`}
              aria-controls={`${id}-panel-${tab.value}`}
              aria-selected={active}
              tabIndex={active ? 0 : -1}
              className={`tabs__item${active ? ' tabs__item--active' : ''}`}
              onClick={() => choose(tab.value)}
              onKeyDown={(event) => onKeyDown(event, index)}
            >
              {tab.label}
            </li>
          );
        })}
      </ul>
      <div className="margin-top--md">
        {tabs.map((tab) => (
          <div
            key={tab.value}
            role="tabpanel"
            id={`${id}-panel-${tab.value}`}
            aria-labelledby={`${id}-tab-${tab.value}`}
            hidden={tab.value !== selected}
          >
            {tab.content}
          </div>
        ))}
      </div>
    </div>
  );
}
