export type { Editor } from '../../../hooks/use-editor';
