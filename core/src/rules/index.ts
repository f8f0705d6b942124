export { truncate } from './text';
