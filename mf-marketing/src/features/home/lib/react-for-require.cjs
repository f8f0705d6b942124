// React as react-slick's CommonJS modules `require` it in the production build (see vite.config.ts): the part of
// React they use, put here by react-for-slick.ts before the carousel's code runs.
const react = {};
module.exports = { __esModule: true, default: react, provide: (api) => Object.assign(react, api) };
