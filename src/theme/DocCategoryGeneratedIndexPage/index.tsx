/**
 * Wraps a sidebar category's generated index page (a family of deployment variants, sidebars.ts)
 * with the "Copy page as Markdown" bar that docs pages get from DocItem/Content: these pages have
 * their Markdown beside them too (src/plugins/docs-for-machines), and llms.txt lists it.
 */
import type { ReactNode } from 'react';
import DocCategoryGeneratedIndexPage from '@theme-original/DocCategoryGeneratedIndexPage';
import type DocCategoryGeneratedIndexPageType from '@theme/DocCategoryGeneratedIndexPage';
import type { WrapperProps } from '@docusaurus/types';
import CopyPageMarkdown from '@site/src/components/CopyPageMarkdown';
import styles from './styles.module.css';

type Props = WrapperProps<typeof DocCategoryGeneratedIndexPageType>;

export default function DocCategoryGeneratedIndexPageWrapper(props: Props): ReactNode {
  return (
    <>
      <div className={styles.copyBar}>
        <CopyPageMarkdown permalink={props.categoryGeneratedIndex.permalink} />
      </div>
      <DocCategoryGeneratedIndexPage {...props} />
    </>
  );
}
