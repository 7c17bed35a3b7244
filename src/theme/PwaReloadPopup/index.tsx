/**
 * Wraps the PWA reload popup in a live region so screen readers announce
 * "New version available" when an updated service worker is waiting.
 */
import PwaReloadPopup from '@theme-original/PwaReloadPopup';
import type PwaReloadPopupType from '@theme/PwaReloadPopup';
import type { WrapperProps } from '@docusaurus/types';

type Props = WrapperProps<typeof PwaReloadPopupType>;

export default function PwaReloadPopupWrapper(props: Props): React.JSX.Element {
  return (
    <div role="status" aria-live="polite">
      <PwaReloadPopup {...props} />
    </div>
  );
}
