// What react-slick's CommonJS modules use of React, handed to what their `require('react')` gets in the
// production build (vite.config.ts, `reactForRequire`). Imported before react-slick, so it is there when
// react-slick's modules first run.
import { Children, Component, cloneElement, createElement, PureComponent } from 'react';
import { provide } from './react-for-require.cjs';

provide({ Children, Component, cloneElement, createElement, PureComponent });
