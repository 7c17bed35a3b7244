/**
 * The sandbox's "TEST MODE" chip. MUI's warning colour puts white text on #ed6c02 (3.11:1, under
 * WCAG AA's 4.5:1 for its 13 px text); the same amber family, darkened to 7.7:1.
 */
import Chip from '@mui/material/Chip';
import type { ReactNode } from 'react';

export default function TestModeChip(): ReactNode {
  return <Chip label="TEST MODE" size="small" sx={{ bgcolor: '#8a3c00', color: '#ffffff' }} />;
}
