/** Gives react-slick's `require('react')` the part of React it uses (see vite.config.ts). */
export function provide(api: object): void;
