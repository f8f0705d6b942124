import { BrowserRouter } from '@agency/core';
import { Shell } from './shell';

/**
 * The shell's own router. single-spa patches pushState/replaceState to fire popstate, so navigation made by
 * any micro-frontend reaches this router too, and the shell's links navigate the whole site.
 */
export function App() {
  return (
    <BrowserRouter>
      <Shell />
    </BrowserRouter>
  );
}
