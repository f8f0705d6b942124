// React and React DOM are CommonJS: bundled, each module is a function run by the first module that imports it,
// so it would run inside the entry's evaluation, one long task with the rest of main.ts. Put in React DOM's
// chunk (vite.config.ts), this module runs them when that chunk is evaluated, in a task of its own before the
// entry (start.ts evaluates the libraries first).
import 'react';
import 'react/jsx-runtime';
import 'react-dom';
import 'react-dom/client';
