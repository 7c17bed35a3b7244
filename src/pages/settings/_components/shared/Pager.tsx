/**
 * Previous / Next under a paged table (the payment log, the transactions), with what is shown:
 * `skip` moves by `pageSize`, never below 0; Next is off when the server says there is no more.
 */
import Button from '@mui/material/Button';
import type { ReactNode } from 'react';
import styles from './styles.module.css';

export default function Pager({
  summary,
  skip,
  pageSize,
  hasMore,
  onSkip,
}: {
  summary: ReactNode;
  skip: number;
  pageSize: number;
  hasMore: boolean;
  onSkip: (skip: number) => void;
}): ReactNode {
  return (
    <div className={styles.pager}>
      <span>{summary}</span>
      <div className={styles.row}>
        <Button
          size="small"
          variant="outlined"
          disabled={skip === 0}
          onClick={() => onSkip(Math.max(0, skip - pageSize))}
        >
          Previous
        </Button>
        <Button
          size="small"
          variant="outlined"
          disabled={!hasMore}
          onClick={() => onSkip(skip + pageSize)}
        >
          Next
        </Button>
      </div>
    </div>
  );
}
