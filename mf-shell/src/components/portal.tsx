import type { ReactNode } from 'react';
import { createPortal } from 'react-dom';

/**
 * Renders into an element of root-config's index.html (#site-header, #site-footer, #not-found).
 * Those elements are static markup, present before any micro-frontend mounts.
 */
export function Portal({ targetId, children }: { targetId: string; children: ReactNode }) {
  const target = document.getElementById(targetId);
  return target ? createPortal(children, target) : null;
}
