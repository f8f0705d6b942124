export { EditorContext, useEditor } from '../../../hooks/use-editor';
