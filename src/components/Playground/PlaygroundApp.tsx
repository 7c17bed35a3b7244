/**
 * Pick or drop an image (or a bundled sample), or give an image URL for the
 * services host to fetch (`image_url`), set the deployment's parameters, run
 * the call with the account's first `used_for_ui` key, and show the result,
 * the raw JSON, the cost and the remaining balance.
 */
import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import useBaseUrl from '@docusaurus/useBaseUrl';
import { API_MESSAGES } from '@site/src/api/messages';
import type { DeploymentPath } from '@contract/services';
import { useAuth } from '@site/src/auth';
import { MAX_UPLOAD_SIDE, prepareImage, type PreparedImage } from '@site/src/playground/downscale';
import { joinUrl } from '@site/src/api/url';
import { useSiteConfig } from '@site/src/config';
import { API_KEY_PLACEHOLDER } from '@site/src/playground/code-samples';
import { canShowImage, checkImageUrl, imageUrlCurl } from '@site/src/playground/image-url';
import { formatUsd } from '@site/src/playground/pricing';
import { IMAGE_LIMITS } from '@site/src/generated/reference/common';
import { samplesFor } from '@site/src/playground/samples';
import { exampleParams, type DeploymentDoc } from '@site/src/playground/schema-doc';
import ImageUrlField from './ImageUrlField';
import ParamControls, { type ParamValues } from './ParamControls';
import ResultView, { type AnyResult } from './ResultView';
import styles from './styles.module.css';

type Outcome =
  | { kind: 'idle' }
  /** byUrl: the services host fetches the image first. */
  | { kind: 'running'; byUrl?: true }
  | { kind: 'error'; message: string }
  | {
      kind: 'done';
      result: AnyResult;
      /** What to draw the result over; null when the page may not show the image (canShowImage). */
      imageUrl: string | null;
      /** The host of an `image_url` the page may not show. */
      hiddenHost?: string;
      demo?: true;
    };

type Source = 'file' | 'url';

interface Picked extends PreparedImage {
  url: string;
}

const MAX_MB = IMAGE_LIMITS.maxImageBytes / 1024 / 1024;

function SampleButton({
  id,
  label,
  src,
  onPick,
}: {
  id: string;
  label: string;
  src: string;
  onPick: (src: string, id: string) => void;
}) {
  const url = useBaseUrl(src);
  return (
    <button
      type="button"
      className={styles.sample}
      onClick={() => onPick(url, id)}
      aria-label={`Use sample: ${label}`}
    >
      <img src={url} alt="" width={96} height={64} loading="lazy" />
    </button>
  );
}

export default function PlaygroundApp({ doc }: { doc: DeploymentDoc }): ReactNode {
  // Generated from the contract: a doc's path is always one of its deployment paths.
  const path = doc.path as DeploymentPath;
  const auth = useAuth();
  const signUpUrl = useBaseUrl('/sign-up/');
  const sampleSrc = useBaseUrl(samplesFor(path)[0]!.src);
  const sourceName = useId();
  const [source, setSource] = useState<Source>('file');
  const [urlText, setUrlText] = useState('');
  const [urlError, setUrlError] = useState<string | null>(null);
  const urlRef = useRef<HTMLInputElement>(null);
  const { servicesBaseUrl } = useSiteConfig();
  const [values, setValues] = useState<ParamValues>(() => exampleParams(doc));
  const [picked, setPicked] = useState<Picked | null>(null);
  const [pickError, setPickError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'idle' });
  const [dragging, setDragging] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const outputRef = useRef<HTMLDivElement>(null);

  useEffect(() => () => void (picked && URL.revokeObjectURL(picked.url)), [picked]);

  // Run is disabled while the call runs, which drops its focus to the page: once the result (or
  // the error) is in, focus goes to it, unless the reader has moved focus somewhere meanwhile.
  useEffect(() => {
    if (outcome.kind !== 'done' && outcome.kind !== 'error') return;
    const active = document.activeElement;
    if (active === null || active === document.body) outputRef.current?.focus();
  }, [outcome.kind]);

  const chooseFile = useCallback(async (file: File) => {
    setPickError(null);
    if (!(IMAGE_LIMITS.acceptedImageTypes as string[]).includes(file.type)) {
      setPickError('Choose a JPEG, PNG or WebP image.');
      return;
    }
    try {
      const prepared = await prepareImage(file, IMAGE_LIMITS.maxImageBytes);
      setPicked({ ...prepared, url: URL.createObjectURL(prepared.blob) });
      setOutcome({ kind: 'idle' });
    } catch {
      setPickError('This image could not be read. Try another file.');
    }
  }, []);

  const pickSample = useCallback(
    async (url: string, id: string) => {
      try {
        const response = await fetch(url);
        const blob = await response.blob();
        await chooseFile(new File([blob], `${id}.jpg`, { type: blob.type || 'image/jpeg' }));
      } catch {
        setPickError('The sample could not be loaded.');
      }
    },
    [chooseFile],
  );

  const run = async () => {
    if (outcome.kind === 'running') return;
    let body: FormData | Record<string, unknown>;
    let shown: Pick<Extract<Outcome, { kind: 'done' }>, 'imageUrl' | 'hiddenHost'>;
    if (source === 'url') {
      const checked = checkImageUrl(urlText);
      if (checked.error !== undefined) {
        setUrlError(checked.error);
        urlRef.current?.focus();
        return;
      }
      setUrlError(null);
      // JSON: the services host fetches the image; the parameters as their JSON values.
      body = { image_url: checked.url, ...values };
      shown = canShowImage(checked.url, window.location.origin)
        ? { imageUrl: checked.url }
        : { imageUrl: null, hiddenHost: new URL(checked.url).host };
    } else {
      if (!picked) return;
      const form = new FormData();
      form.append('image', picked.blob, picked.name);
      for (const [name, value] of Object.entries(values)) {
        form.append(name, Array.isArray(value) ? JSON.stringify(value) : String(value));
      }
      body = form;
      shown = { imageUrl: picked.url };
    }
    setOutcome(source === 'url' ? { kind: 'running', byUrl: true } : { kind: 'running' });
    if (auth.status !== 'signedIn') {
      // A signed-out reader's first try: the shared demo test key, free sample answers.
      const demo = await import('@site/src/api/demo').catch(() => null);
      const answer = demo
        ? await demo.processWithDemoKey<AnyResult>({
            task: doc.task,
            sub: doc.sub ?? undefined,
            body,
          })
        : { error_message: API_MESSAGES.signInToProcessImage };
      if (answer.error_message !== undefined) {
        setOutcome({ kind: 'error', message: answer.error_message });
        return;
      }
      setOutcome({ kind: 'done', result: answer.data, ...shown, demo: true });
      return;
    }
    // Signed in only: the account cache (key look-up, then the wallet it just charged).
    const cache = await import('@site/src/api/queries')
      // The chunk did not load (offline, new deploy): the call could not be made.
      .catch(() => null);
    if (!cache) {
      setOutcome({ kind: 'error', message: API_MESSAGES.processImage });
      return;
    }
    const answer = await cache.cachedServices.processImage<AnyResult>({
      task: doc.task,
      sub: doc.sub ?? undefined,
      body,
    });
    if (answer.error_message !== undefined) {
      setOutcome({ kind: 'error', message: answer.error_message });
      return;
    }
    setOutcome({ kind: 'done', result: answer.data, ...shown });
    // A metered call: the chip and the account pages read the new balance.
    void cache.invalidateWallet();
  };

  const accept = IMAGE_LIMITS.acceptedImageTypes.join(',');
  return (
    <div className={styles.app} data-deployment={doc.path}>
      <div className={styles.inputs}>
        <div className={styles.pick}>
          <fieldset className={styles.source}>
            <legend className={styles.visuallyHidden}>Image source</legend>
            {(
              [
                ['file', 'Upload or sample'],
                ['url', 'Image URL'],
              ] as const
            ).map(([value, label]) => (
              <label key={value}>
                <input
                  type="radio"
                  name={sourceName}
                  value={value}
                  checked={source === value}
                  onChange={() => {
                    setSource(value);
                    setUrlError(null);
                  }}
                />
                {label}
              </label>
            ))}
          </fieldset>
          {source === 'url' ? (
            <ImageUrlField
              ref={urlRef}
              value={urlText}
              error={urlError}
              onChange={(text) => {
                setUrlText(text);
                // A shown error follows the edit; none appears while typing.
                if (urlError !== null) setUrlError(checkImageUrl(text).error ?? null);
              }}
              onSubmit={() => void run()}
              sampleUrl={new URL(sampleSrc, window.location.href).href}
              curl={imageUrlCurl(
                joinUrl(servicesBaseUrl, doc.path),
                {
                  image_url: checkImageUrl(urlText).url ?? 'https://example.com/photo.jpg',
                  ...values,
                },
                API_KEY_PLACEHOLDER,
              )}
            />
          ) : (
            <>
              <label
                className={styles.drop}
                data-dragging={dragging || undefined}
                onDragOver={(e) => {
                  e.preventDefault();
                  setDragging(true);
                }}
                onDragLeave={() => setDragging(false)}
                onDrop={(e) => {
                  e.preventDefault();
                  setDragging(false);
                  const file = e.dataTransfer.files[0];
                  if (file) void chooseFile(file);
                }}
              >
                {picked ? (
                  <img className={styles.preview} src={picked.url} alt="Chosen image" />
                ) : (
                  <span className={styles.dropText}>
                    <strong>Drop an image here</strong> or click to choose one
                  </span>
                )}
                <input
                  ref={inputRef}
                  className={styles.fileInput}
                  type="file"
                  accept={accept}
                  aria-label="Image file"
                  onChange={(e) => {
                    const file = e.target.files?.[0];
                    if (file) void chooseFile(file);
                    e.target.value = '';
                  }}
                />
              </label>
              <p className={styles.hint}>
                JPEG, PNG or WebP. Images larger than {MAX_UPLOAD_SIDE} px on the long side or{' '}
                {MAX_MB} MB are downscaled in your browser before upload.
                {picked?.downscaled
                  ? ` This one was downscaled from ${picked.originalWidth} × ${picked.originalHeight} to ${picked.width} × ${picked.height}.`
                  : null}
              </p>
              {pickError ? (
                <p className={styles.error} role="alert">
                  {pickError}
                </p>
              ) : null}
              <div className={styles.samples} role="group" aria-label="Sample images">
                <span className={styles.samplesLabel}>Or try a sample:</span>
                {samplesFor(path).map((s) => (
                  <SampleButton key={s.id} {...s} onPick={pickSample} />
                ))}
              </div>
            </>
          )}
        </div>
        <div className={styles.settings}>
          <ParamControls params={doc.params} values={values} onChange={setValues} />
          <button
            type="button"
            className="button button--primary"
            onClick={() => void run()}
            disabled={
              (source === 'url' ? urlText.trim() === '' : !picked) || outcome.kind === 'running'
            }
          >
            {outcome.kind === 'running' ? 'Running…' : 'Run'}
          </button>
        </div>
      </div>
      <div ref={outputRef} className={styles.output} aria-live="polite" tabIndex={-1}>
        {outcome.kind === 'idle' ? (
          <p className={styles.muted}>
            {source === 'url'
              ? 'Give an image URL and press Run to see the result here.'
              : 'Choose an image and press Run to see the result here.'}
          </p>
        ) : null}
        {outcome.kind === 'running' ? (
          <p className={styles.muted} role="status">
            {outcome.byUrl ? 'Fetching and processing the image…' : 'Processing the image…'}
          </p>
        ) : null}
        {outcome.kind === 'error' ? (
          <p className={styles.error} role="alert" data-testid="playground-error">
            {outcome.message}
          </p>
        ) : null}
        {outcome.kind === 'done' ? (
          <>
            <div className={styles.meta}>
              {outcome.result.sandbox ? (
                <span
                  className={styles.badge}
                  title="The sandbox services host returns sample results, not real inference."
                >
                  Sample result (sandbox)
                </span>
              ) : null}
              <span data-testid="call-cost">Cost: {formatUsd(outcome.result.usage.cost_usd)}</span>
              {outcome.demo ? null : (
                <span data-testid="remaining-balance">
                  Remaining balance: {formatUsd(outcome.result.usage.remaining_credits)}
                </span>
              )}
            </div>
            {outcome.demo ? (
              <p className={styles.muted} data-testid="demo-key-note">
                Tried with the shared demo test key: a free sample result.{' '}
                <a href={signUpUrl}>Sign up</a> to call the deployment with your own keys.
              </p>
            ) : null}
            {outcome.hiddenHost ? (
              <p className={styles.muted} data-testid="image-not-shown">
                The image from {outcome.hiddenHost} is not shown: this page loads images from this
                site only. The result is the answer for the image our servers fetched
                {path.includes('object-detection') || path.startsWith('image-segmentation')
                  ? ', drawn over a frame of its size.'
                  : '.'}
              </p>
            ) : null}
            <ResultView path={path} result={outcome.result} imageUrl={outcome.imageUrl} />
          </>
        ) : null}
      </div>
    </div>
  );
}
