import { NotFoundView } from '@agency/core';
import './not-found.css';

/** Shown in #not-found when no micro-frontend owns the path (the view lives in core: remotes show it too). */
export function NotFoundPage() {
  return <NotFoundView />;
}
