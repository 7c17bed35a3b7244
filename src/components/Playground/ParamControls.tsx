/** Controls generated from the deployment's parameter schema. */
import { useId, useState, type ReactNode } from 'react';
import { formatRange, type ParamDoc } from '@site/src/playground/schema-doc';
import styles from './styles.module.css';

export type ParamValues = Record<string, number | string[]>;

const toList = (text: string) =>
  text
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);

function ListInput({
  param,
  value,
  onChange,
}: {
  param: ParamDoc;
  value: string[];
  onChange: (v: string[]) => void;
}) {
  const id = useId();
  const [text, setText] = useState(value.join(', '));
  return (
    <div className={styles.param}>
      <label htmlFor={id}>
        <code>{param.name}</code>{' '}
        <span className={styles.muted}>(comma-separated, {formatRange(param)})</span>
      </label>
      <input
        id={id}
        type="text"
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          onChange(toList(e.target.value));
        }}
      />
    </div>
  );
}

function NumberInput({
  param,
  value,
  onChange,
}: {
  param: ParamDoc;
  value: number;
  onChange: (v: number) => void;
}) {
  const id = useId();
  const step = param.type === 'integer' ? 1 : 0.01;
  const isUnit = param.type === 'number' && param.minimum === 0 && param.maximum === 1;
  return (
    <div className={styles.param}>
      <label htmlFor={id}>
        <code>{param.name}</code> <span className={styles.muted}>({formatRange(param)})</span>
      </label>
      <div className={styles.numberRow}>
        {isUnit ? (
          <input
            type="range"
            min={0}
            max={1}
            step={0.01}
            value={value}
            aria-label={`${param.name} slider`}
            onChange={(e) => onChange(Number(e.target.value))}
          />
        ) : null}
        <input
          id={id}
          type="number"
          min={param.minimum}
          max={param.maximum}
          step={step}
          value={value}
          onChange={(e) => onChange(Number(e.target.value))}
        />
      </div>
    </div>
  );
}

export default function ParamControls({
  params,
  values,
  onChange,
}: {
  params: ParamDoc[];
  values: ParamValues;
  onChange: (values: ParamValues) => void;
}): ReactNode {
  if (params.length === 0)
    return <p className={styles.muted}>This deployment takes no parameters.</p>;
  return (
    <fieldset className={styles.params}>
      <legend>Parameters</legend>
      {params.map((param) =>
        param.type === 'string[]' ? (
          <ListInput
            key={param.name}
            param={param}
            value={(values[param.name] as string[] | undefined) ?? []}
            onChange={(v) => onChange({ ...values, [param.name]: v })}
          />
        ) : (
          <NumberInput
            key={param.name}
            param={param}
            value={(values[param.name] as number | undefined) ?? param.default ?? 0}
            onChange={(v) => onChange({ ...values, [param.name]: v })}
          />
        ),
      )}
    </fieldset>
  );
}
