/**
 * A switch per consent category that has one (src/consent/categories.ts), in the registry's
 * order: required ones on and disabled ("Always on"), optional ones following `choices`. Shared by
 * the cookie banner's customise panel and the preferences page.
 */
import type { ReactNode } from 'react';
import ConsentSwitch from '@site/src/components/ConsentSwitch';
import { CONSENT_CATEGORIES } from '@site/src/consent/categories';
import type { OptionalChoices } from '@site/src/consent/store';

export default function ConsentSwitches({
  choices,
  onChange,
}: {
  choices: OptionalChoices;
  onChange: (next: OptionalChoices) => void;
}): ReactNode {
  return CONSENT_CATEGORIES.map((category) =>
    category.kind === 'acceptAllOnly' ? null : category.kind === 'required' ? (
      <ConsentSwitch
        key={category.id}
        label={category.label}
        description={category.description}
        note="Always on"
        checked
        disabled
      />
    ) : (
      <ConsentSwitch
        key={category.id}
        label={category.label}
        description={category.description}
        checked={choices[category.id]}
        onChange={(checked) => onChange({ ...choices, [category.id]: checked })}
      />
    ),
  );
}
