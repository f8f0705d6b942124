import { createContext, useContext } from 'react';
import type { Editor } from './types';

/** The signed-in editor, given by the admin layout to its screens (null offline, when nobody could say). */
export const EditorContext = createContext<Editor | null>(null);

export function useEditor(): Editor | null {
  return useContext(EditorContext);
}
