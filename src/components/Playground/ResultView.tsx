/** Result and JSON tabs; picks the rendering that suits the deployment. */
import { useState, type ReactNode } from 'react';
import type { DeploymentPath, DeploymentResult } from '@contract/services';
import BarsView from './views/BarsView';
import BoxesView from './views/BoxesView';
import DepthView from './views/DepthView';
import MasksView from './views/MasksView';
import JsonView from './views/JsonView';
import styles from './styles.module.css';

export type AnyResult = DeploymentResult<DeploymentPath>;

function Rendering({
  path,
  result,
  imageUrl,
}: {
  path: DeploymentPath;
  result: AnyResult;
  imageUrl: string | null;
}): ReactNode {
  const size = { width: result.image.original_width, height: result.image.original_height };
  switch (path) {
    case 'object-detection':
    case 'zero-shot-object-detection':
      return (
        <BoxesView
          imageUrl={imageUrl}
          size={size}
          detections={(result as DeploymentResult<'object-detection'>).predictions}
        />
      );
    case 'image-classification':
    case 'zero-shot-image-classification':
      return (
        <BarsView
          imageUrl={imageUrl}
          predictions={(result as DeploymentResult<'image-classification'>).predictions}
        />
      );
    case 'depth-estimation':
      return (
        <DepthView
          imageUrl={imageUrl}
          size={size}
          depth={(result as DeploymentResult<'depth-estimation'>).depth}
        />
      );
    case 'image-segmentation/semantic':
    case 'image-segmentation/instance':
    case 'image-segmentation/panoptic':
      return (
        <MasksView
          imageUrl={imageUrl}
          size={size}
          segments={(result as DeploymentResult<'image-segmentation/instance'>).segments}
          showBoxes={path === 'image-segmentation/instance'}
        />
      );
  }
}

export default function ResultView({
  path,
  result,
  imageUrl,
}: {
  path: DeploymentPath;
  result: AnyResult;
  imageUrl: string | null;
}): ReactNode {
  const [tab, setTab] = useState<'result' | 'json'>('result');
  return (
    <div>
      <div role="tablist" aria-label="Output" className={styles.tabs}>
        <button
          type="button"
          role="tab"
          aria-selected={tab === 'result'}
          onClick={() => setTab('result')}
        >
          Result
        </button>
        <button
          type="button"
          role="tab"
          aria-selected={tab === 'json'}
          onClick={() => setTab('json')}
        >
          JSON
        </button>
      </div>
      <div role="tabpanel" hidden={tab !== 'result'} aria-label="Result">
        <Rendering path={path} result={result} imageUrl={imageUrl} />
      </div>
      <div role="tabpanel" hidden={tab !== 'json'} aria-label="JSON">
        {tab === 'json' ? <JsonView value={result} /> : null}
      </div>
    </div>
  );
}
