import { SiteRouter } from '@agency/core';
import type { ComponentType } from 'react';

/** Each part with its own router: single-spa fires popstate on every navigation, so all of them follow it. */
export function routed(Part: ComponentType): ComponentType {
  return function Routed() {
    return (
      <SiteRouter>
        <Part />
      </SiteRouter>
    );
  };
}
